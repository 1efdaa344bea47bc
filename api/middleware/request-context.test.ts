/**
 * Every log line written while a request is handled carries its request id, and the order number
 * when the request is about one order (path, query, or where the handler learns it: addLogContext).
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import type { AppEnv } from '../deps';
import { addLogContext, createLogger } from '../lib/logger';
import { orderNumberOfRequest, requestContext } from './request-context';

const ORDER = 'ORD-1763812800000QWERTYUIO';

function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  const observed: [string, string, number][] = [];
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(logger, { observeRequest: (method, route, status) => observed.push([method, route, status]) }));
  // A domain module logs through the process-wide logger, not the request's: the context still reaches it.
  app.get('/api/orders/:orderNumber', (c) => {
    logger.info('domain work');
    return c.json({ orderNumber: c.req.param('orderNumber') });
  });
  // A POST whose answer names an order but whose handler never said so: the answer is not read for it.
  app.post('/api/orders', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.info('order stored');
    return c.json({ order: { orderNumber: ORDER } }, 201);
  });
  app.post('/api/other', (c) => {
    addLogContext({ orderNumber: ORDER });
    logger.info('learned the number');
    return c.body(null, 204);
  });
  app.get('/api/payments/session-status', (c) => c.json({ ok: true }));
  return { app, lines, observed };
}

describe('requestContext', () => {
  it('puts the request id and the path’s order number on every line written during the request', async () => {
    const { app, lines, observed } = appWithLog();
    const response = await app.request(`/api/orders/${ORDER}`, { headers: { 'x-request-id': 'req-12345678' } });
    expect(response.headers.get('x-request-id')).toBe('req-12345678');
    expect(lines.map((line) => [line.msg, line.requestId, line.orderNumber])).toEqual([
      ['domain work', 'req-12345678', ORDER],
      ['request', 'req-12345678', ORDER],
    ]);
    expect(observed).toEqual([['GET', '/api/orders/:orderNumber', 200]]);
  });

  it('takes the order number from addLogContext, for the lines after it and the request line, and never parses answers for it', async () => {
    const { app, lines } = appWithLog();
    await app.request('/api/other', { method: 'POST' });
    expect(lines.map((line) => [line.msg, line.orderNumber])).toEqual([
      ['learned the number', ORDER],
      ['request', ORDER],
    ]);
    lines.length = 0;
    await app.request('/api/orders', { method: 'POST' });
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ status: 201 });
    expect(lines.every((line) => line.orderNumber === undefined)).toBe(true);
  });

  it('keeps concurrent requests apart, and lines outside a request carry neither', async () => {
    const { app, lines } = appWithLog();
    const other = 'ORD-1763812800001ABCDEFGHI';
    await Promise.all([
      app.request(`/api/orders/${ORDER}`),
      app.request(`/api/orders/${other}`),
      app.request('/api/orders', { method: 'POST' }),
    ]);
    const domain = lines.filter((line) => line.msg === 'domain work').map((line) => line.orderNumber);
    expect(domain.sort()).toEqual([ORDER, other].sort());
    const ids = new Set(lines.filter((line) => line.msg === 'request').map((line) => line.requestId));
    expect(ids.size).toBe(3);
    const outside: Record<string, unknown>[] = [];
    createLogger('info', {}, (line) => outside.push(JSON.parse(line) as Record<string, unknown>)).info('outside');
    expect(outside[0]).not.toHaveProperty('requestId');
    expect(outside[0]).not.toHaveProperty('orderNumber');
  });

  it('reads an order number only where one is', () => {
    expect(orderNumberOfRequest(`/api/admin/board/${ORDER}/status`, undefined)).toBe(ORDER);
    expect(orderNumberOfRequest('/api/payments/session-status', ORDER)).toBe(ORDER);
    expect(orderNumberOfRequest('/api/orders/ORD-1', 'nope')).toBeUndefined();
    expect(orderNumberOfRequest('/api/menu', undefined)).toBeUndefined();
  });
});
