/** The running test's server (tests/setup/e2e-servers.ts): the one of its worker. */
import type { E2eServer } from '../../setup/e2e-servers';
import { e2eServer } from '../../setup/e2e-servers';
import { test } from '../fixtures';

export function currentServer(): E2eServer {
  return e2eServer(test.info().parallelIndex);
}

/** The origin of the running test's server, for API contexts and pages opened outside the fixture's baseURL. */
export function serverOrigin(): string {
  return currentServer().origin;
}
