/**
 * The inbox's server read (issue 18): GET /api/admin/inbox, one queryOptions factory with its keys,
 * shared by the navigation's badge and the list (one request serves both). Manager only; the server
 * checks the role on every call. Offline the read pauses and the screen says so; the write
 * (marking handled) is queued in the outbox: see use-mark-handled.ts.
 */
import { queryOptions } from '@tanstack/react-query';

import { api, apiPath, call } from '../../../lib/api-client';
import type { Inbox, InboxEntry } from '../../../shared/schemas/menu-editor';
import { inboxSchema } from '../../../shared/schemas/menu-editor';

export const inboxKeys = {
  all: ['inbox'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
};

export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.list(),
    queryFn: () => call(api.admin.inbox.$get(), inboxSchema),
    // A message may arrive any minute; the live stream invalidates too (use-inbox-live.ts).
    staleTime: 0,
  });

/** The server path that marks one entry handled or not (POST {handled}). */
export function handledPath(entry: Pick<InboxEntry, 'kind' | 'id'>): string {
  return apiPath(api.admin.inbox[':kind'][':id'].handled.$path({ param: { kind: entry.kind, id: String(entry.id) } }));
}

/**
 * The inbox as it reads once `entry` is marked: what the screen shows while the write is queued or
 * in flight. The time is the device's; the server's answer (its own clock) replaces it on refetch.
 */
export function withHandled(inbox: Inbox, entry: Pick<InboxEntry, 'kind' | 'id'>, handled: boolean, nowIso: string): Inbox {
  let unhandled = inbox.unhandled;
  const entries = inbox.entries.map((current) => {
    if (current.kind !== entry.kind || current.id !== entry.id) return current;
    const wasHandled = current.handledAt !== null;
    if (wasHandled === handled) return current;
    unhandled += handled ? -1 : 1;
    return { ...current, handledAt: handled ? nowIso : null };
  });
  return { entries, unhandled: Math.max(0, unhandled) };
}
