/**
 * New addresses added offline wait in the outbox (kind 'address.create') until the server has
 * them. Having no server id, they are shown from their entries rather than added to the saved list.
 */
import { translateOutsideScreens } from '../../lib/i18n';
import type { AddressInputParsed } from '../../shared/schemas/address';
import { addressInputSchema } from '../../shared/schemas/address';

export const QUEUED_ADD_KIND = 'address.create';

/** A new address waiting in the outbox (added offline), shown until the server has it. */
export interface QueuedNewAddress {
  /** The outbox entry id (its Idempotency-Key). */
  id: string;
  input: AddressInputParsed;
  /** Set when the server refused it: its reason as stored, in the server's English (the sync panel offers retry and discard). */
  refusal: string | null;
  /** The refusal's code and details, which the screen words it by (describeRefusal). */
  refusalCode: string | null;
  refusalDetails: unknown;
}

interface OutboxRowSeen {
  id: string;
  kind: string;
  status: string;
  createdAt: string;
  lastError: string | null;
  lastErrorCode?: string | null;
  lastErrorDetails?: unknown;
  request: { body?: unknown };
}

/** The queued adds among outbox rows, oldest first (pure; useQueuedNewAddresses feeds it live rows). */
export function queuedNewAddresses(rows: readonly OutboxRowSeen[]): QueuedNewAddress[] {
  const found: QueuedNewAddress[] = [];
  for (const row of [...rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (row.kind !== QUEUED_ADD_KIND) continue;
    const parsed = addressInputSchema.safeParse(row.request.body);
    if (!parsed.success) continue;
    const refused = row.status === 'needs-attention' || row.status === 'needs-review';
    found.push({
      id: row.id,
      input: parsed.data,
      refusal: refused ? (row.lastError ?? translateOutsideScreens('addresses.queued.refusedByServer')) : null,
      refusalCode: refused ? (row.lastErrorCode ?? null) : null,
      refusalDetails: refused ? row.lastErrorDetails : undefined,
    });
  }
  return found;
}
