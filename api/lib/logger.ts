/**
 * Structured JSON logs, one object per line, with the request id when there is one and the order
 * number where the work is about one order, so one order's story can be followed across instances
 * (grep one orderNumber over every instance's log; docs/decisions/0104-order-numbers-in-logs.md).
 *
 * The request id and order number travel in an async context (AsyncLocalStorage) opened by the
 * request middleware (api/middleware/request-context.ts): every line written while a request is being
 * handled carries them, whichever logger wrote it (the request's own, or deps.logger deep in a
 * domain module), without threading a logger through every call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** What every line written inside one unit of work (a request, a job) carries. */
export interface LogContext {
  requestId?: string;
  orderNumber?: string;
}

const logContext = new AsyncLocalStorage<LogContext>();

/** Runs `work` with these fields on every log line written inside it (awaited continuations included). */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return logContext.run({ ...fields }, work);
}

/**
 * Adds fields to the current unit of work's context, e.g. the order number once an order has been
 * created: the lines written after it (and the request's closing line) carry it. Outside any context, a no-op.
 */
export function addLogContext(fields: LogContext): void {
  const current = logContext.getStore();
  if (current) Object.assign(current, fields);
}

/** The current unit of work's context (a copy), or an empty object outside one. */
export function currentLogContext(): LogContext {
  return { ...logContext.getStore() };
}

export function createLogger(
  level: LogLevel,
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (LEVEL_RANK[at] < LEVEL_RANK[level]) return;
    // The line's own time (when it was written), not a rule's time: the injectable clock is for rules.
    write(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...logContext.getStore(), ...base, ...fields }));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
