/**
 * The e2e run's servers: one per Playwright worker, each with its own port, data directory and
 * push-service stand-in port, so specs running at the same time never share a store (the menu
 * editor's categories, the board's orders, the manager's settings). A test reaches the server of its
 * worker through `parallelIndex`, which Playwright keeps when it restarts a worker after a failure.
 *
 * playwright.config.ts picks the base port and the data root once per run and passes them to its
 * workers in the environment (E2E_PORT, E2E_DATA_DIR, E2E_PUSH_PORT).
 */
import path from 'node:path';

/** Two workers: the CI machine has two cores, and a worker spends most of its time waiting on the page. */
export const E2E_WORKERS = 2;

export interface E2eServer {
  port: number;
  origin: string;
  /** The server's DATA_DIR: specs open its SQLite file to set up or read what the UI cannot show. */
  dataDir: string;
  /** Where tests/e2e/notifications.spec.ts runs the push-service stand-in this server may push to. */
  pushPort: number;
}

function numberFromEnv(name: string): number {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} is set by playwright.config.ts`);
  return value;
}

export function e2eServer(index: number): E2eServer {
  const port = numberFromEnv('E2E_PORT') + index;
  const dataRoot = process.env.E2E_DATA_DIR;
  if (!dataRoot) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    dataDir: path.join(dataRoot, `server-${index}`),
    pushPort: numberFromEnv('E2E_PUSH_PORT') + index,
  };
}
