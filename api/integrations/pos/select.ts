/** Picks the Pos adapter from POS; POS=http without POS_URL stops the start with its name. */
import type { Env } from '../../env';
import type { Pos } from './port';
import { createHttpPos } from './http';
import { createKitchenBoardPos } from './kitchen-board';

export function createPosFromEnv(env: Env): Pos {
  if (env.POS === 'http') {
    if (!env.POS_URL) throw new Error('Invalid configuration:\n  POS=http needs POS_URL');
    return createHttpPos({ url: env.POS_URL, apiKey: env.POS_API_KEY });
  }
  return createKitchenBoardPos();
}
