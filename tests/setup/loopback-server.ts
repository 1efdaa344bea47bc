/**
 * A node:http server on 127.0.0.1 (a free port) around a request handler, for API tests that need the
 * real node listener rather than app.request(): how an answer leaves the socket, the /api/menu fast path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function listenOnLoopback(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<LoopbackServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
