/**
 * Embedded POS default: the restaurant's own board is the kitchen
 * (docs/decisions/0094-the-board-is-the-kitchen.md). The order is on the board from the moment it is
 * placed (cash) or paid (card), and accepting it there is the kitchen seeing it, so there is nothing
 * to hand over: a send (a manager's re-send) only confirms the board has it.
 */
import type { Pos } from './port';

export function createKitchenBoardPos(): Pos {
  return {
    name: 'kitchen-board',
    send: () => Promise.resolve('sent'),
  };
}
