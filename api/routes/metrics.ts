/**
 * GET /api/metrics: the Prometheus text exposition (api/lib/metrics.ts). Not for people and not for
 * sessions: with METRICS_TOKEN set only `Authorization: Bearer <METRICS_TOKEN>` reads it; unset, only
 * a scraper on this machine does (a loopback peer, and no forwarding header, so a reverse proxy on the
 * same machine cannot hand it to the internet). See docs/decisions/0103-metrics.md.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { Hono } from 'hono';

import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { appMetrics } from '../lib/metrics';

/** Headers a reverse proxy adds: their presence means the request came from further away than the peer. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const value = address.replace(/^::ffff:/i, '');
  if (isIP(value) === 4) return value.startsWith('127.');
  return value === '::1';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares digests in constant time, so the answer's timing says nothing about the token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

function fromThisMachine(c: Context): boolean {
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  try {
    return isLoopbackAddress(getConnInfo(c).remote.address);
  } catch {
    // No socket (an in-process request): not known to come from this machine.
    return false;
  }
}

export function metricsRoutes(deps: AppDeps) {
  const token = deps.env.METRICS_TOKEN;
  return new Hono<AppEnv>().get('/', async (c) => {
    if (token) {
      if (!bearerMatches(c.req.header('authorization'), token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw apiError(HTTP_STATUS.UNAUTHORIZED, 'metrics_token_required', 'The metrics need the METRICS_TOKEN bearer token.');
      }
    } else if (!fromThisMachine(c)) {
      throw apiError(
        HTTP_STATUS.FORBIDDEN,
        'metrics_loopback_only',
        'Without METRICS_TOKEN the metrics answer only scrapers on this machine.',
      );
    }
    const metrics = appMetrics(deps);
    const body = await metrics.render();
    c.header('Cache-Control', 'no-store');
    return c.body(body, HTTP_STATUS.OK, { 'Content-Type': metrics.contentType });
  });
}
