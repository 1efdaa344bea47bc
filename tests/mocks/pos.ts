/**
 * Local stand-in for the POS vendor's order-injection endpoint on 127.0.0.1 (random port), with
 * injected faults for QUALITY R2. Like a real POS it dedupes by external order number: the first
 * accepted payload is kept, a re-send answers 409. It also records every delivery that reached it
 * (new or duplicate) and, per number, the faults and the answers lost after accepting, so a test can
 * tell "delivered once" from "delivered many times and deduped". Faults (each request, with `faultRate`,
 * from a seeded generator so runs repeat): 'fail' (500 before accepting), 'timeout' (holds the
 * request longer than the client waits, sometimes after accepting), 'reset' (destroys the socket,
 * sometimes after accepting) — the two "after accepting" cases are the ones that make a naive
 * retry send an order twice. setMode() forces one behaviour on every request instead ('fail',
 * 'hang' = never answers, 'reset' before accepting) for the degradation tests (QUALITY R5).
 */
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:http';

import type { PosPayload } from '../../src/shared/schemas/order';

export type PosFault = 'fail' | 'timeout' | 'reset';

export type PosMode = 'random-faults' | 'fail' | 'hang' | 'reset';

export interface PosMock {
  url: string;
  apiKey: string;
  /** externalOrderNo -> every payload the POS accepted under it (exactly one expected). */
  accepted: Map<string, PosPayload[]>;
  /** Every delivery attempt that reached the server, by external order number. */
  attempts: Map<string, number>;
  /** Every payload the POS took in (before any fault that loses the answer), new or duplicate. */
  deliveries: Map<string, { payload: PosPayload; outcome: 'new' | 'duplicate' }[]>;
  /** Injected faults per external order number (each is a reason the client may retry). */
  faultsByOrder: Map<string, number>;
  /** Deliveries the POS took in whose answer the client never got (the only excuse for a re-send). */
  lostAnswers: Map<string, number>;
  faultsInjected: Record<PosFault, number>;
  setFaultRate(rate: number): void;
  setMode(mode: PosMode): void;
  /**
   * While on, every request is held unanswered and not accepted (a hung POS). Turning it off answers
   * the held requests whose client is still connected as fresh ones (accepted); a client that died
   * meanwhile (a killed instance) leaves nothing behind.
   */
  setHold(on: boolean): void;
  /** Requests held right now (clients still connected). */
  heldCount(): number;
  close(): Promise<void>;
}

/** mulberry32: a tiny seeded generator so a failing run can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function startPosMock(
  options: { faultRate?: number; seed?: number; holdMs?: number; apiKey?: string } = {},
): Promise<PosMock> {
  const apiKey = options.apiKey ?? 'pos-test-key';
  const random = seededRandom(options.seed ?? 42);
  let faultRate = options.faultRate ?? 0;
  let mode: PosMode = 'random-faults';
  const holdMs = options.holdMs ?? 500;
  const accepted = new Map<string, PosPayload[]>();
  const attempts = new Map<string, number>();
  const deliveries = new Map<string, { payload: PosPayload; outcome: 'new' | 'duplicate' }[]>();
  const faultsByOrder = new Map<string, number>();
  const lostAnswers = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const faultsInjected: Record<PosFault, number> = { fail: 0, timeout: 0, reset: 0 };
  const held = new Set<NodeJS.Timeout>();
  let hold = false;
  const hung = new Set<{ payload: PosPayload; res: ServerResponse }>();

  const accept = (payload: PosPayload): boolean => {
    const key = payload.bill.externalOrderNo;
    const fresh = !accepted.has(key);
    deliveries.set(key, [...(deliveries.get(key) ?? []), { payload, outcome: fresh ? 'new' : 'duplicate' }]);
    if (fresh) accepted.set(key, [payload]);
    return fresh;
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.headers['x-api-key'] !== apiKey) {
        res.writeHead(401).end();
        return;
      }
      let payload: PosPayload;
      try {
        payload = (JSON.parse(raw) as { payload: PosPayload }).payload;
      } catch {
        res.writeHead(400).end();
        return;
      }
      const key = payload.bill.externalOrderNo;
      attempts.set(key, (attempts.get(key) ?? 0) + 1);
      if (mode === 'hang') return;
      if (mode === 'reset') {
        req.socket.destroy();
        return;
      }
      if (mode === 'fail') {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('POS offline');
        return;
      }
      if (hold) {
        const entry = { payload, res };
        hung.add(entry);
        res.on('close', () => hung.delete(entry));
        return;
      }
      if (random() < faultRate) {
        const kinds: PosFault[] = ['fail', 'timeout', 'reset'];
        const fault = kinds[Math.floor(random() * kinds.length)]!;
        const afterAccepting = random() < 0.5;
        faultsInjected[fault] += 1;
        bump(faultsByOrder, key);
        if (fault === 'fail') {
          res.writeHead(500, { 'content-type': 'text/plain' }).end('POS busy');
          return;
        }
        if (afterAccepting) {
          accept(payload);
          bump(lostAnswers, key);
        }
        if (fault === 'reset') {
          req.socket.destroy();
          return;
        }
        const timer = setTimeout(() => {
          held.delete(timer);
          if (!res.destroyed) res.writeHead(200).end('{"ok":true}');
        }, holdMs);
        held.add(timer);
        return;
      }
      const fresh = accept(payload);
      res.writeHead(fresh ? 201 : 409, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: fresh, duplicate: !fresh }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/pos/pos-injection`,
    apiKey,
    accepted,
    attempts,
    deliveries,
    faultsByOrder,
    lostAnswers,
    faultsInjected,
    setFaultRate(rate) {
      faultRate = rate;
    },
    setMode(next) {
      mode = next;
    },
    setHold(on) {
      hold = on;
      if (on) return;
      for (const entry of [...hung]) {
        hung.delete(entry);
        if (entry.res.destroyed) continue;
        const fresh = accept(entry.payload);
        entry.res
          .writeHead(fresh ? 201 : 409, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: fresh, duplicate: !fresh }));
      }
    },
    heldCount() {
      return [...hung].filter((entry) => !entry.res.destroyed).length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of held) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
