/**
 * Local stand-in for a browser's push service (FCM, Mozilla autopush, Apple): an HTTP server on
 * 127.0.0.1 that takes Web Push requests (RFC 8030) the way the real ones do, and reads them the way
 * the browser would: it checks the VAPID signature (RFC 8292: an ES256 JWT for the endpoint's origin,
 * signed by the key in `k=`) and DECRYPTS the aes128gcm payload (RFC 8188 + RFC 8291) with the
 * subscription's own private key and auth secret, made here like a browser makes them. So a test
 * sees exactly what the service worker would receive, and a payload not encrypted for the device
 * fails here.
 *
 * `subscribe()` makes a device (a P-256 key pair and a 16-byte auth secret) and its endpoint;
 * `setGone(endpoint)` makes the service answer 410 for it (the browser dropped the subscription);
 * `failNext(n)` answers the next n requests 503 (the service is down). `onPush` sees each delivery
 * (the e2e test forwards it to the real service worker).
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushDevice {
  endpoint: string;
  /** As PushSubscription.toJSON() gives them (base64url). */
  keys: { p256dh: string; auth: string };
  /** The device's private key (base64url): only the device (here, the stand-in) holds it. */
  privateKey: string;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The raw encrypted body, as it crossed the network. */
  body: Buffer;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined; contentEncoding: string | undefined };
  /** The VAPID public key that signed the request (k=). */
  vapidPublicKey: string;
}

export interface PushServiceMock {
  origin: string;
  port: number;
  received: ReceivedPush[];
  /** Requests answered 410/404/503 or refused (bad signature, undecryptable), with the reason. */
  refused: { endpoint: string; status: number; reason: string }[];
  subscribe(): PushDevice;
  setGone(endpoint: string): void;
  failNext(count: number): void;
  onPush(listener: (push: ReceivedPush) => void | Promise<void>): void;
  waitFor(predicate: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const HTTP_CREATED = 201;
const HTTP_BAD_REQUEST = 400;
const HTTP_UNAUTHORIZED = 401;
const HTTP_NOT_FOUND = 404;
const HTTP_GONE = 410;
const HTTP_UNAVAILABLE = 503;
const WAIT_POLL_MS = 20;
const TAG_BYTES = 16;

/** RFC 8291 §3.4 + RFC 8188 §2: one aes128gcm body decrypted with the device's key and auth secret. */
export function decryptAes128gcm(body: Buffer, device: { privateKey: string; keys: { p256dh: string; auth: string } }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(device.privateKey, 'base64url'));
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const devicePublicKey = Buffer.from(device.keys.p256dh, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), devicePublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, Buffer.from(device.keys.auth, 'base64url'), keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - TAG_BYTES));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - TAG_BYTES)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the JWT's aud is the endpoint's origin. Returns k. */
export function verifyVapid(authorization: string | undefined, endpointOrigin: string, nowSeconds: number): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('bad vapid signature');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (parsed.aud !== endpointOrigin) throw new Error(`vapid aud ${parsed.aud} is not ${endpointOrigin}`);
  if (!parsed.exp || parsed.exp < nowSeconds) throw new Error('vapid token expired');
  if (!parsed.sub || !/^(mailto:|https:)/.test(parsed.sub)) throw new Error('vapid sub missing');
  return k;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushServiceMock(options: { port?: number } = {}): Promise<PushServiceMock> {
  const devices = new Map<string, PushDevice>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: PushServiceMock['refused'] = [];
  const listeners: ((push: ReceivedPush) => void | Promise<void>)[] = [];
  let failures = 0;
  let origin = '';

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const endpoint = `${origin}${request.url ?? ''}`;
      const answer = (status: number, reason: string) => {
        refused.push({ endpoint, status, reason });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      if (request.method !== 'POST') return answer(HTTP_BAD_REQUEST, 'POST only');
      const device = devices.get(endpoint);
      if (!device) return answer(HTTP_NOT_FOUND, 'no such subscription');
      if (gone.has(endpoint)) return answer(HTTP_GONE, 'subscription expired');
      if (failures > 0) {
        failures -= 1;
        return answer(HTTP_UNAVAILABLE, 'push service unavailable');
      }
      let vapidPublicKey: string;
      try {
        vapidPublicKey = verifyVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
      } catch (error) {
        return answer(HTTP_UNAUTHORIZED, String(error));
      }
      let payload: unknown;
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        payload = JSON.parse(decryptAes128gcm(body, device).toString('utf8'));
      } catch (error) {
        return answer(HTTP_BAD_REQUEST, `undecryptable: ${String(error)}`);
      }
      const push: ReceivedPush = {
        endpoint,
        payload,
        body,
        vapidPublicKey,
        headers: {
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
          contentEncoding: request.headers['content-encoding'],
        },
      };
      received.push(push);
      for (const listener of listeners) await listener(push);
      response.writeHead(HTTP_CREATED, { location: `${endpoint}/messages/${randomUUID()}` }).end();
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    port,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const device: PushDevice = {
        endpoint: `${origin}/push/${randomUUID()}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        privateKey: ecdh.getPrivateKey().toString('base64url'),
      };
      devices.set(device.endpoint, device);
      return device;
    },
    setGone(endpoint) {
      gone.add(endpoint);
    },
    failNext(count) {
      failures = count;
    },
    onPush(listener) {
      listeners.push(listener);
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching push within ${timeoutMs} ms (received ${received.length})`);
        await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
