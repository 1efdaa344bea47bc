/**
 * Security headers on every answer, so injected or framed content cannot run or trick anyone: a CSP with no inline scripts, no framing,
 * nosniff and a strict referrer policy.
 *
 * The CSP is 'self' only by default. Configuration may widen exactly two things (docs/decisions/0034-csp-widens-only-from-configuration.md,
 * issue 4): a hosted map style (MAP_STYLE_URL's origin plus MAP_CSP_ORIGINS, its tile/glyph/sprite
 * hosts) in connect-src and img-src, and Google profile pictures in img-src when 'Sign in with
 * Google' is configured. Nothing else is ever added, and script-src never changes.
 */
import type { MiddlewareHandler } from 'hono';

import type { Env } from '../env';

/** Where Google serves the `picture` claim of its ID tokens (the header avatar). */
export const GOOGLE_AVATAR_ORIGIN = 'https://lh3.googleusercontent.com';

export interface CspSources {
  /** Extra origins the map may fetch (style JSON, tiles, glyphs, sprites): connect-src and img-src. */
  mapOrigins?: readonly string[];
  /** Extra origins for images only (profile pictures). */
  imageOrigins?: readonly string[];
}

function withSources(base: string, extra: readonly string[]): string {
  const unique = [...new Set(extra)];
  return unique.length > 0 ? `${base} ${unique.join(' ')}` : base;
}

export function buildContentSecurityPolicy(sources: CspSources = {}): string {
  const mapOrigins = sources.mapOrigins ?? [];
  const imageOrigins = [...mapOrigins, ...(sources.imageOrigins ?? [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    withSources("img-src 'self' data: blob:", imageOrigins),
    "font-src 'self'",
    withSources("connect-src 'self'", mapOrigins),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The extra CSP sources the configuration asks for (see CspSources). */
export function cspSourcesFromEnv(
  env: Pick<Env, 'MAP_STYLE_URL' | 'MAP_CSP_ORIGINS' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>,
): CspSources {
  const mapOrigins = [...(env.MAP_STYLE_URL ? [new URL(env.MAP_STYLE_URL).origin] : []), ...env.MAP_CSP_ORIGINS];
  const googleSignIn = !!env.GOOGLE_CLIENT_ID && !!env.GOOGLE_CLIENT_SECRET;
  return { mapOrigins, imageOrigins: googleSignIn ? [GOOGLE_AVATAR_ORIGIN] : [] };
}

/** The policy with nothing configured (the embedded map style, no Google sign-in). */
export const CONTENT_SECURITY_POLICY = buildContentSecurityPolicy();

function headersWith(csp: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  };
}

/** The headers of a JSON answer (no page loads under them, so the default CSP is enough there). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = headersWith(CONTENT_SECURITY_POLICY);

/** One year, the preload lists' minimum; subdomains too, since the shop's cookies cover the host. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security when the site is served over https (PUBLIC_URL): a browser that has seen
 * it never again sends a request (or the session cookie) over plain http to this host. Never on plain
 * http, where it would be ignored at best and a lockout of a local install at worst.
 */
export function transportSecurityHeaders(env: Pick<Env, 'PUBLIC_URL'>): Readonly<Record<string, string>> {
  return env.PUBLIC_URL?.startsWith('https:') ? { 'Strict-Transport-Security': HSTS_VALUE } : {};
}

export function securityHeaders(sources: CspSources = {}, extra: Readonly<Record<string, string>> = {}): MiddlewareHandler {
  const headers = { ...headersWith(buildContentSecurityPolicy(sources)), ...extra };
  const entries = Object.entries(headers);
  return async (c, next) => {
    // Set before the route builds its answer, so it is sent as built (docs/decisions/0154-app-headers-before-the-answer.md).
    for (const [name, value] of entries) c.header(name, value);
    await next();
    // These win over anything a route set, and an answer built without the context (a bare Response)
    // did not take them: then they go onto the finished answer, at the cost of its rebuild.
    if (entries.some(([name, value]) => c.res.headers.get(name) !== value)) for (const [name, value] of entries) c.header(name, value);
  };
}
