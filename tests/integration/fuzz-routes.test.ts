/**
 * QUALITY S4: every endpoint of the router (the same table as the authorization matrix) is fuzzed
 * with fast-check: path parameters, query strings and bodies of any shape (`fc.anything()`, JSON of
 * the wrong types, known field names holding the wrong things, malformed JSON, oversized strings),
 * as a guest, a customer and the manager. Never a 500, never a stack trace or file path in the
 * answer, every error in the one JSON shape, and a 4xx changes nothing in the store.
 *
 * FUZZ_RUNS (default 12 per route) and FUZZ_SEED replay a failure; the file stays well under 60 s.
 */
import { randomUUID } from 'node:crypto';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import { storeSnapshot } from '../setup/store-snapshot';
import type { TestApp } from '../setup/test-app';
import { createTestApp } from '../setup/test-app';
import { endpoints, ENDS_CALLERS_SESSION, ROUTE_RULES } from './route-table';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const HTTP_BAD_REQUEST = 400;
const HTTP_SERVER_ERROR = 500;
/** Bigger than the 256 KiB body limit. */
const OVERSIZED = 'A'.repeat(300 * 1024);
const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node_modules|\/work\/|\/home\/|\.ts:\d+|SqliteError|TypeError:|ReferenceError:/;

const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e400',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    '[object Object]',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '<script>',
  ),
  fc.constant('ă'.repeat(5_000)),
);

/** Field names the routes really read, holding anything. */
const KNOWN_FIELDS = [
  'items',
  'fulfilment',
  'paymentMethod',
  'customer',
  'notes',
  'email',
  'password',
  'firstName',
  'lastName',
  'phone',
  'orderNumber',
  'rating',
  'message',
  'streetAddress',
  'city',
  'latitude',
  'longitude',
  'placeId',
  'label',
  'status',
  'soldOut',
  'hours',
  'name',
  'totalBani',
  'customerId',
  'menuItemId',
  'quantity',
  'modifierIds',
  'endpoint',
  'keys',
  'deviceLabel',
  // The menu editor (issue 18).
  'baseRevision',
  'priceBani',
  'categoryId',
  'groupIds',
  'allergens',
  'availability',
  'ids',
  'mode',
  'value',
  'group',
  'options',
  'handled',
] as const;

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };

const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  fc.record({ kind: fc.constant('json' as const), value: fc.anything() }),
  fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue() }),
  fc.record({
    kind: fc.constant('json' as const),
    value: fc.dictionary(fc.constantFrom(...KNOWN_FIELDS), fc.oneof(fc.anything(), nastyText), { maxKeys: 8 }),
  }),
  fc.record({ kind: fc.constant('raw' as const), text: fc.oneof(fc.string(), fc.constant('{"items": ['), fc.constant(OVERSIZED)) }),
  fc.record({ kind: fc.constant('json' as const), value: fc.constant({ notes: OVERSIZED }) }),
  fc.constant({ kind: 'none' as const }),
);

const queryArb = fc.dictionary(
  fc.oneof(
    fc.constantFrom('q', 'lat', 'lon', 'session_id', 'orderNumber', 'limit', 'code', 'state', 'placeId', 'since', 'before'),
    fc.string(),
  ),
  nastyText,
  { maxKeys: 4 },
);

function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value) || 'x';
  } catch {
    return 'x'; // lone surrogates cannot be put in a URL by any client
  }
}

let t: TestApp;
let customer: TestUser;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createUserWithSession(t);
  manager = await createUserWithSession(t, { role: 'admin' });
});

afterAll(async () => {
  await t.close();
});

describe('S4: every route fuzzed (body, query, path parameters)', () => {
  it('covers every endpoint of the route table', () => {
    const all = endpoints(t);
    expect(all.filter((route) => route.rule === undefined).map((route) => route.key)).toEqual([]);
    expect(all.length).toBeGreaterThan(40);
    expect(Object.keys(ROUTE_RULES).length).toBeGreaterThan(all.length);
  });

  for (const [index, key] of Object.keys(ROUTE_RULES).entries()) {
    if (ROUTE_RULES[key] === 'middleware' || !key.includes(' /api/')) continue;
    const [method, pathPattern] = key.split(' ') as [string, string];
    it(`${key}: no 500, no stack trace, JSON errors, a 4xx changes nothing`, async () => {
      const params = (pathPattern.match(/:\w+/g) ?? []).map((name) => name.slice(1));
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...params.map(() => nastyText)),
          queryArb,
          bodyArb,
          // Logging out would end the session the other runs use: such routes are fuzzed as a guest.
          fc.constantFrom(...(ENDS_CALLERS_SESSION.has(key) ? ['guest'] : ['guest', 'customer', 'manager'])),
          async (values, query, body, who) => {
            let pathname = pathPattern;
            params.forEach((name, i) => (pathname = pathname.replace(`:${name}`, encodeSegment(values[i] ?? ''))));
            const search = new URLSearchParams();
            for (const [name, value] of Object.entries(query)) {
              try {
                search.append(name, value);
              } catch {
                // unencodable: skip
              }
            }
            const url = `${pathname}${search.size > 0 ? `?${search.toString()}` : ''}`;
            const headers: Record<string, string> = { 'Idempotency-Key': randomUUID(), 'content-type': 'application/json' };
            if (who === 'customer') headers.cookie = customer.cookie;
            if (who === 'manager') headers.cookie = manager.cookie;
            let payload: string | undefined;
            if (method !== 'GET') {
              if (body.kind === 'json') payload = JSON.stringify(body.value);
              if (body.kind === 'raw') payload = body.text;
            }

            const before = await storeSnapshot(t);
            const response = await t.request(url, { method, headers, body: payload });
            const contentType = response.headers.get('content-type') ?? '';
            if (contentType.startsWith('text/event-stream')) {
              await response.body?.cancel();
              expect(response.status).toBe(200);
              return;
            }
            const text = await response.text();
            const context = `${who} ${method} ${url.slice(0, 200)} body ${String(payload).slice(0, 200)} -> ${response.status} ${text.slice(0, 300)}`;
            expect(response.status, context).toBeLessThan(HTTP_SERVER_ERROR);
            expect(text, context).not.toMatch(STACK_TRACE);
            if (response.status >= HTTP_BAD_REQUEST) {
              expect(contentType, context).toMatch(/^application\/json/);
              const error = (JSON.parse(text) as { error?: { status?: unknown; code?: unknown; message?: unknown } }).error;
              expect(error?.status, context).toBe(response.status);
              expect(typeof error?.code, context).toBe('string');
              expect(typeof error?.message, context).toBe('string');
              expect(await storeSnapshot(t), context).toEqual(before);
            }
          },
        ),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED + index }) },
      );
    });
  }
});
