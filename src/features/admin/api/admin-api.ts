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
import { z } from 'zod/mini';

import { api, apiPath, call, EMPTY_JSON_BODY } from '../../../lib/api-client';
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

/** An order on the board, by number (encoded: the client puts params into the path as given). */
const boardOrder = api.admin.board[':orderNumber'];
const boardOrderParam = (orderNumber: string) => ({ orderNumber: encodeURIComponent(orderNumber) });

export const adminKeys = {
  all: ['admin'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  menu: () => [...adminKeys.all, 'menu'] as const,
  staff: () => [...adminKeys.all, 'staff'] as const,
  board: (filters?: BoardFilters) => (filters ? ([...adminKeys.all, 'board', filters] as const) : ([...adminKeys.all, 'board'] as const)),
};

/** Where the settings are saved; a save goes through the outbox and is stored with it (../hooks/use-settings-save.ts). */
export const SETTINGS_PATH = apiPath(api.admin.settings.$path());

export const adminSettingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: async () => {
      const body = await call(api.admin.settings.$get(), adminSettingsResponseSchema);
      await writeCachedSettings(userId, body);
      return body;
    },
    // The manager expects what another tablet saved a minute ago.
    staleTime: 0,
  });

export const adminMenuQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.menu(), queryFn: () => call(api.admin.menu.$get(), adminMenuResponseSchema), staleTime: 0 });

export const boardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: adminKeys.board(filters),
    queryFn: () =>
      call(
        api.admin.board.$get({
          query: {
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.today ? { today: '1' } : {}),
            ...(filters.location === undefined ? {} : { location: String(filters.location) }),
          },
        }),
        boardResponseSchema,
      ),
    staleTime: 0,
  });

export function saveLocationHours(locationId: number, hours: OpeningHours) {
  return call(api.admin.locations[':id'].hours.$put({ param: { id: String(locationId) }, json: hours }), locationHoursResponseSchema);
}

/** Issue 22: one kitchen's own settings with the version the form was loaded at (409 location_conflict). */
export function saveLocation(locationId: number, body: LocationUpdate) {
  return call(api.admin.locations[':id'].$put({ param: { id: String(locationId) }, json: body }), locationHoursResponseSchema);
}

/** Issue 22: which kitchens a manager account works for (null: all). */
export function setManagerLocation(userId: number, body: ManagerLocation) {
  return call(
    api.admin.staff[':userId'].location.$put({ param: { userId: String(userId) }, json: body }),
    z.object({ userId: z.number(), locationId: z.nullable(z.number()) }),
  );
}

/** Issue 22: the manager accounts (managers of every kitchen only; 403 for a location-limited one). */
export const staffQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.staff(), queryFn: () => call(api.admin.staff.$get(), staffListResponseSchema), staleTime: 0 });

/** Invite a manager; the key is the same for every attempt of one invitation, so a retry replays the first answer. */
export function inviteManager(body: StaffInviteInput, idempotencyKey: string) {
  return call(api.admin.staff.$post({ json: body }, { headers: { 'Idempotency-Key': idempotencyKey } }), staffMemberResponseSchema);
}

/** A new set-password link for an invitee who has not set a password yet (the old link stops working). */
export function resendManagerInvitation(userId: number) {
  return call(
    api.admin.staff[':userId'].invitation.$post({ param: { userId: String(userId) } }, EMPTY_JSON_BODY),
    staffMemberResponseSchema,
  );
}

/** The account stops being a manager; its sessions end. */
export function removeManager(userId: number) {
  return call(api.admin.staff[':userId'].$delete({ param: { userId: String(userId) } }), staffRemovedResponseSchema);
}

export function setSoldOut(kind: 'items' | 'options', id: number, soldOut: boolean) {
  const request = { param: { id: String(id) }, json: { soldOut } };
  return call(
    kind === 'items' ? api.admin.menu.items[':id']['sold-out'].$post(request) : api.admin.menu.options[':id']['sold-out'].$post(request),
    soldOutResponseSchema,
  );
}

export function moveOrder(orderNumber: string, status: OrderStatus, reason?: string) {
  return call(
    boardOrder.status.$post({ param: boardOrderParam(orderNumber), json: reason ? { status, reason } : { status } }),
    boardOrderResponseSchema,
  );
}

export function resendToPos(orderNumber: string) {
  return call(
    api.admin.orders[':orderNumber']['resend-pos'].$post({ param: boardOrderParam(orderNumber) }, EMPTY_JSON_BODY),
    z.object({ posInjectionStatus: z.string() }),
  );
}

/** Issue 22: an accepted order goes to the other kitchen; the server tells the customer. */
export function moveOrderToLocation(orderNumber: string, locationId: number) {
  return call(boardOrder.move.$post({ param: boardOrderParam(orderNumber), json: { locationId } }), boardOrderResponseSchema);
}

/** Accept a new order with its preparation time (issue 19): 'received' → 'confirmed', the ready time set. */
export function acceptOrder(orderNumber: string, input: AcceptOrderInput) {
  return call(boardOrder.accept.$post({ param: boardOrderParam(orderNumber), json: input }), boardOrderResponseSchema);
}

/** Reject (before acceptance) or cancel (after) with a reason code; a paid card order starts a full refund. */
export function cancelOrderOnBoard(orderNumber: string, input: RestaurantCancelInput) {
  return call(boardOrder.cancel.$post({ param: boardOrderParam(orderNumber), json: input }), boardOrderResponseSchema);
}

/** Refund some lines of a paid card order (a missing item). */
export function refundOrderLines(orderNumber: string, input: PartialRefundInput) {
  return call(boardOrder.refunds.$post({ param: boardOrderParam(orderNumber), json: input }), boardOrderResponseSchema);
}

/** Try a failed refund again (the same refund row, so never a second refund). */
export function retryRefund(orderNumber: string, refundId: number) {
  return call(
    boardOrder.refunds[':refundId'].retry.$post(
      { param: { ...boardOrderParam(orderNumber), refundId: String(refundId) } },
      EMPTY_JSON_BODY,
    ),
    boardOrderResponseSchema,
  );
}
