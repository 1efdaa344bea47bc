/**
 * Local stand-in for the slice of Stripe's API the adapter uses (Checkout Sessions, Payment
 * Intents, Refunds), on 127.0.0.1 at a random port; the real `stripe` SDK talks to it through its
 * host/port/protocol options. Form-encoded requests, Idempotency-Key replay like Stripe's, and
 * helpers to complete a session and sign webhook events with the SDK's own test-header helper.
 * Anything it does not know answers 404 with Stripe's error shape, so a wrong call fails the test.
 * setMode() switches it to failing (500 api_error), hanging (never answers) or resetting (destroys
 * the socket) for the degradation tests (QUALITY R5).
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';

import Stripe from 'stripe';

export interface MockSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  line_items: { name: string; unit_amount: number; quantity: number }[];
}

export type StripeMockMode = 'ok' | 'fail' | 'hang' | 'reset';

/** A refund as Stripe's API returns it (the slice the adapter reads). */
export interface MockRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  payment_intent: string;
  metadata: Record<string, string>;
  failure_reason: string | null;
}

export interface StripeMock {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, MockSession>;
  /** Refunds created through POST /v1/refunds (issue 19), by id. */
  refunds: Map<string, MockRefund>;
  requests: { method: string; path: string; idempotencyKey: string | null; body: URLSearchParams }[];
  /** Simulates the customer paying on Stripe's page. */
  completeSession(id: string): MockSession;
  expireSession(id: string): MockSession;
  setMode(mode: StripeMockMode): void;
  /** A webhook delivery signed like Stripe signs it (timestamp in seconds). */
  signedEvent(
    type: string,
    session: MockSession,
    options?: { id?: string; timestamp?: number; secret?: string },
  ): { payload: string; signature: string; id: string };
  /** A webhook delivery about any object (a refund, a charge), signed like Stripe signs it. */
  signedObjectEvent(
    type: string,
    object: object,
    options?: { id?: string; secret?: string },
  ): { payload: string; signature: string; id: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeMock(): Promise<StripeMock> {
  const secretKey = 'sk_test_mock';
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, MockSession>();
  const refunds = new Map<string, MockRefund>();
  const intents = new Map<string, { id: string; latest_charge: { id: string; receipt_url: string } }>();
  const replies = new Map<string, { status: number; body: string }>();
  const requests: StripeMock['requests'] = [];
  let mode: StripeMockMode = 'ok';

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = new URLSearchParams(raw);
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, body });
      if (mode === 'hang') return; // never answers: the SDK's timeout must fire
      if (mode === 'reset') {
        req.socket.destroy();
        return;
      }
      if (mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day' } }));
        return;
      }
      const send = (status: number, payload: unknown) => {
        const text = JSON.stringify(payload);
        if (idempotencyKey && req.method === 'POST') replies.set(`${url.pathname}:${idempotencyKey}`, { status, body: text });
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(text);
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const replay = idempotencyKey && req.method === 'POST' ? replies.get(`${url.pathname}:${idempotencyKey}`) : undefined;
      if (replay) {
        res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        res.end(replay.body);
        return;
      }

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const lines: MockSession['line_items'] = [];
        for (let i = 0; body.has(`line_items[${i}][quantity]`); i += 1) {
          lines.push({
            name: body.get(`line_items[${i}][price_data][product_data][name]`) ?? '',
            unit_amount: Number(body.get(`line_items[${i}][price_data][unit_amount]`)),
            quantity: Number(body.get(`line_items[${i}][quantity]`)),
          });
        }
        const sessionId = id('cs_test');
        const session: MockSession = {
          id: sessionId,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0),
          currency: body.get('line_items[0][price_data][currency]') ?? '',
          client_reference_id: body.get('client_reference_id'),
          metadata: { orderNumber: body.get('metadata[orderNumber]') ?? '' },
          payment_intent: null,
          success_url: body.get('success_url') ?? '',
          cancel_url: body.get('cancel_url') ?? '',
          line_items: lines,
        };
        sessions.set(sessionId, session);
        send(200, session);
        return;
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sessionMatch) {
        const session = sessions.get(sessionMatch[1]!);
        if (!session) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        const expand = url.searchParams.getAll('expand[]').includes('payment_intent.latest_charge');
        send(200, {
          ...session,
          payment_intent: expand && session.payment_intent ? intents.get(session.payment_intent) : session.payment_intent,
        });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const intentId = body.get('payment_intent') ?? '';
        const session = [...sessions.values()].find((candidate) => candidate.payment_intent === intentId);
        if (!intents.has(intentId) || !session)
          return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        const refund: MockRefund = {
          id: id('re'),
          object: 'refund',
          amount: Number(body.get('amount') ?? session.amount_total),
          currency: session.currency,
          status: 'pending',
          payment_intent: intentId,
          metadata: { orderNumber: body.get('metadata[orderNumber]') ?? '', refundId: body.get('metadata[refundId]') ?? '' },
          failure_reason: null,
        };
        refunds.set(refund.id, refund);
        send(200, refund);
        return;
      }
      const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && intentMatch) {
        const intent = intents.get(intentMatch[1]!);
        if (!intent) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        send(200, { object: 'payment_intent', ...intent });
        return;
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    requests,
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intentId = id('pi');
      intents.set(intentId, { id: intentId, latest_charge: { id: id('ch'), receipt_url: `https://pay.stripe.test/receipts/${intentId}` } });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intentId });
      return session;
    },
    expireSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'expired';
      return session;
    },
    setMode(next) {
      mode = next;
    },
    signedEvent(type, session, options = {}) {
      const eventId = options.id ?? id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(options.timestamp ?? Date.now() / 1000),
        data: { object: { ...session } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { payload, signature, id: eventId };
    },
    signedObjectEvent(type, object, options = {}) {
      const eventId = options.id ?? id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
      return { payload, signature, id: eventId };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
