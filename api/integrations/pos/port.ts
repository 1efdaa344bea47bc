/**
 * The Pos port: hands a paid or cash order to the kitchen's point-of-sale. The embedded default
 * (pos-kitchen-board.ts) is the restaurant's own kitchen board in our store; the HTTP adapter
 * (pos-http.ts) posts to the vendor. Chosen by POS=kitchen-board|http.
 *
 * Contract: send() resolves only when the POS holds the order ('sent', or 'duplicate' when it
 * already had that external order number — also success). Anything else throws; the outbox
 * worker retries with backoff, which is safe because the external order number is stable.
 */
import type { PosPayload } from '../../../src/shared/schemas/order';

export type PosSendResult = 'sent' | 'duplicate';

export interface Pos {
  readonly name: 'kitchen-board' | 'http';
  send(payload: PosPayload, options: { signal: AbortSignal }): Promise<PosSendResult>;
}

export class PosError extends Error {}
