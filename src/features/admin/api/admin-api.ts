/**
 * The manager area's server reads and writes (issue 7). Reads are queryOptions factories; the
 * settings read also lands in IndexedDB (settings-repo.ts) so the screen opens offline.
 *
 * Offline behaviour of each write:
 * - settings save: queued in the outbox (use-settings-save.ts), sent with its Idempotency-Key when
 *   the network returns; a conflict answered later stays in the sync panel as "needs attention".
 * - a kitchen's own settings (the Locations section, issue 22), a manager's kitchen, moving an order
 *   to the other kitchen: need the network; offline they fail at once with a toast and the form keeps
 *   the edits (a kitchen's zone or hours queued for later could reopen what was closed meanwhile).
 * - the Staff section (issue 22): inviting a manager, a new invitation link, a manager's kitchen and
 *   removing a manager need the network; offline they fail at once with a toast, nothing is queued
 *   (who may manage the restaurant must not change later, on its own, when a tablet reconnects).
 * - opening hours, sold-out toggles, order moves, POS re-send, accepting, rejecting or cancelling
 *   an order, refunds and their retry: need the network (the kitchen must not act on a state the
 *   server has not accepted, and a queued accept could land after the customer cancelled); offline
 *   they fail at once (NetworkError) with a toast, and the board shows its last known state.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch } from '../../../lib/api-fetch';
import type { AcceptOrderInput, OrderStatus, PartialRefundInput, RestaurantCancelInput } from '../../../shared/schemas/order';
import {
  adminMenuResponseSchema,
  adminSettingsResponseSchema,
  boardOrderResponseSchema,
  boardResponseSchema,
  locationHoursResponseSchema,
  soldOutResponseSchema,
} from '../../../shared/schemas/admin';
import type { LocationUpdate } from '../../../shared/schemas/admin';
import type { ManagerLocation } from '../../../shared/schemas/scheduling';
import type { OpeningHours } from '../../../shared/schemas/restaurant';
import type { StaffInviteInput } from '../../../shared/schemas/staff';
import { staffListResponseSchema, staffMemberResponseSchema, staffRemovedResponseSchema } from '../../../shared/schemas/staff';
import { writeCachedSettings } from '../settings-repo';

export interface BoardFilters {
  status?: OrderStatus;
  today: boolean;
  /** Issue 22: one kitchen's orders; absent: every kitchen this account may see. */
  location?: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  menu: () => [...adminKeys.all, 'menu'] as const,
  staff: () => [...adminKeys.all, 'staff'] as const,
  board: (filters?: BoardFilters) => (filters ? ([...adminKeys.all, 'board', filters] as const) : ([...adminKeys.all, 'board'] as const)),
};

export const adminSettingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: async () => {
      const body = await apiFetch('/api/admin/settings', adminSettingsResponseSchema);
      await writeCachedSettings(userId, body);
      return body;
    },
    // The manager expects what another tablet saved a minute ago.
    staleTime: 0,
  });

export const adminMenuQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.menu(), queryFn: () => apiFetch('/api/admin/menu', adminMenuResponseSchema), staleTime: 0 });

export const boardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: adminKeys.board(filters),
    queryFn: () => {
      const params = new URLSearchParams();
      if (filters.status) params.set('status', filters.status);
      if (filters.today) params.set('today', '1');
      if (filters.location !== undefined) params.set('location', String(filters.location));
      return apiFetch(`/api/admin/board?${params}`, boardResponseSchema);
    },
    staleTime: 0,
  });

export function saveLocationHours(locationId: number, hours: OpeningHours) {
  return apiFetch(`/api/admin/locations/${locationId}/hours`, locationHoursResponseSchema, { method: 'PUT', body: JSON.stringify(hours) });
}

/** Issue 22: one kitchen's own settings with the version the form was loaded at (409 location_conflict). */
export function saveLocation(locationId: number, body: LocationUpdate) {
  return apiFetch(`/api/admin/locations/${locationId}`, locationHoursResponseSchema, { method: 'PUT', body: JSON.stringify(body) });
}

/** Issue 22: which kitchens a manager account works for (null: all). */
export function setManagerLocation(userId: number, body: ManagerLocation) {
  return apiFetch(`/api/admin/staff/${userId}/location`, z.object({ userId: z.number(), locationId: z.number().nullable() }), {
    method: 'PUT',
    body: JSON.stringify(body),
  });
}

/** Issue 22: the manager accounts (managers of every kitchen only; 403 for a location-limited one). */
export const staffQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.staff(), queryFn: () => apiFetch('/api/admin/staff', staffListResponseSchema), staleTime: 0 });

/** Invite a manager; the key is the same for every attempt of one invitation, so a retry replays the first answer. */
export function inviteManager(body: StaffInviteInput, idempotencyKey: string) {
  return apiFetch('/api/admin/staff', staffMemberResponseSchema, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A new set-password link for an invitee who has not set a password yet (the old link stops working). */
export function resendManagerInvitation(userId: number) {
  return apiFetch(`/api/admin/staff/${userId}/invitation`, staffMemberResponseSchema, { method: 'POST', body: '{}' });
}

/** The account stops being a manager; its sessions end. */
export function removeManager(userId: number) {
  return apiFetch(`/api/admin/staff/${userId}`, staffRemovedResponseSchema, { method: 'DELETE' });
}

export function setSoldOut(kind: 'items' | 'options', id: number, soldOut: boolean) {
  return apiFetch(`/api/admin/menu/${kind}/${id}/sold-out`, soldOutResponseSchema, { method: 'POST', body: JSON.stringify({ soldOut }) });
}

export function moveOrder(orderNumber: string, status: OrderStatus, reason?: string) {
  return apiFetch(`/api/admin/board/${encodeURIComponent(orderNumber)}/status`, boardOrderResponseSchema, {
    method: 'POST',
    body: JSON.stringify(reason ? { status, reason } : { status }),
  });
}

export function resendToPos(orderNumber: string) {
  return apiFetch(`/api/admin/orders/${encodeURIComponent(orderNumber)}/resend-pos`, z.object({ posInjectionStatus: z.string() }), {
    method: 'POST',
    body: JSON.stringify({}),
  });
}

const boardOrderPath = (orderNumber: string) => `/api/admin/board/${encodeURIComponent(orderNumber)}`;

/** Issue 22: an accepted order goes to the other kitchen; the server tells the customer. */
export function moveOrderToLocation(orderNumber: string, locationId: number) {
  return apiFetch(`${boardOrderPath(orderNumber)}/move`, boardOrderResponseSchema, {
    method: 'POST',
    body: JSON.stringify({ locationId }),
  });
}

/** Accept a new order with its preparation time (issue 19): 'received' → 'confirmed', the ready time set. */
export function acceptOrder(orderNumber: string, input: AcceptOrderInput) {
  return apiFetch(`${boardOrderPath(orderNumber)}/accept`, boardOrderResponseSchema, { method: 'POST', body: JSON.stringify(input) });
}

/** Reject (before acceptance) or cancel (after) with a reason code; a paid card order starts a full refund. */
export function cancelOrderOnBoard(orderNumber: string, input: RestaurantCancelInput) {
  return apiFetch(`${boardOrderPath(orderNumber)}/cancel`, boardOrderResponseSchema, { method: 'POST', body: JSON.stringify(input) });
}

/** Refund some lines of a paid card order (a missing item). */
export function refundOrderLines(orderNumber: string, input: PartialRefundInput) {
  return apiFetch(`${boardOrderPath(orderNumber)}/refunds`, boardOrderResponseSchema, { method: 'POST', body: JSON.stringify(input) });
}

/** Try a failed refund again (the same refund row, so never a second refund). */
export function retryRefund(orderNumber: string, refundId: number) {
  return apiFetch(`${boardOrderPath(orderNumber)}/refunds/${refundId}/retry`, boardOrderResponseSchema, { method: 'POST', body: '{}' });
}
