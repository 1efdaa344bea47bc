/**
 * Embedded POS default: the restaurant's own kitchen board. A hand-off writes one kitchen_tickets
 * row keyed by the external order number (through the orders module, the one writer of order
 * tables), so a re-send (retry, admin re-send) is harmless. The manager's board screen reads these rows.
 */
import type { Kysely } from 'kysely';

import type { Clock } from '../../../src/shared/clock';
import { recordKitchenTicket } from '../../orders';
import type { Database } from '../../store/schema';
import type { Pos } from './port';

export function createKitchenBoardPos(db: Kysely<Database>, clock: Clock): Pos {
  return {
    name: 'kitchen-board',
    send: (payload) => recordKitchenTicket(db, clock, payload),
  };
}
