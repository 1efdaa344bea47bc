/**
 * Tests only: every error code the server can answer, read from its source (api/**, tests excluded),
 * with the English message each call site sends (issue 23: the client words each code from
 * errors.json). A code is read where it is written: `apiError(status, 'code', message, …)` and
 * `errorBody(status, 'code', message, …)` with a literal, a named constant or a choice between two
 * literals; the few sites that
 * build their code (a helper's parameter, a template) are listed in INDIRECT_SITES with where their
 * codes come from, and a new such site fails the scan until it is listed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ErrorCallSite {
  file: string;
  line: number;
  code: string;
  /** The English message when the site writes it whole (a literal or a constant), else null (a template, a variable). */
  message: string | null;
}

export interface ServerErrorScan {
  sites: ErrorCallSite[];
  /** Sites whose code could not be read: a new kind of site the scan must learn. */
  unread: string[];
}

interface IndirectSite {
  file: string;
  /** The call's code argument as written. */
  codeExpression: string;
  /** The codes it takes, read from the source around it, each with its message's expression when known. */
  codes(read: (file: string) => string): { code: string; messageExpression?: string }[];
}

const quoted = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => ({ code: match[1]! }));

/** The (code, message) arguments of every call of the helper `name` in `source`: refusal('slot_full', '…'). */
function helperCalls(source: string, name: string) {
  return [...source.matchAll(new RegExp(`\\b${name}\\(\\s*'`, 'g'))].map((match) => {
    const [code = '', messageExpression = ''] = callArguments(source, source.indexOf('(', match.index));
    return { code: code.slice(1, -1), messageExpression };
  });
}

const INDIRECT_SITES: IndirectSite[] = [
  // The slot refusal helper: refusal('slot_full' | 'slot_unavailable', message, nextSlots).
  { file: 'api/orders/schedule.ts', codeExpression: 'code', codes: (read) => helperCalls(read('api/orders/schedule.ts'), 'refusal') },
  // The cash-order limits: refuse('too_many_open_orders', …).
  { file: 'api/lib/order-flood.ts', codeExpression: 'code', codes: (read) => helperCalls(read('api/lib/order-flood.ts'), 'refuse') },
  // The menu editor's notFound('category' | 'dish' | 'group').
  {
    file: 'api/menu-editor/service.ts',
    codeExpression: '`${entity}_not_found`',
    codes: (read) =>
      quoted(read('api/menu-editor/service.ts'), /notFound\('([a-z]+)'\)/g).map(({ code }) => ({ code: `${code}_not_found` })),
  },
  // The geocoder's failures, one code per GeoFailureKind.
  {
    file: 'api/routes/geo.ts',
    codeExpression: '`geocoder_${error.kind}`',
    codes: (read) => {
      const union = /type GeoFailureKind = ([^;]+);/.exec(read('api/integrations/geo/port.ts'))?.[1] ?? '';
      return quoted(union, /'([a-z_]+)'/g).map(({ code }) => ({ code: `geocoder_${code}` }));
    },
  },
  // A photo the processing refused: new PhotoRejectedError('not_an_image', …).
  {
    file: 'api/routes/admin-photos.ts',
    codeExpression: 'error.code',
    codes: (read) => helperCalls(read('api/menu-photos/process-photo.ts'), 'new PhotoRejectedError'),
  },
  // A stored answer replayed (its code was written by one of the sites above).
  { file: 'api/lib/idempotency.ts', codeExpression: 'error.code', codes: () => [] },
  // The function itself.
  { file: 'api/lib/http-errors.ts', codeExpression: 'code: string', codes: () => [] },
  { file: 'api/middleware/errors.ts', codeExpression: 'code: string', codes: () => [] },
  { file: 'api/middleware/errors.ts', codeExpression: 'error.code', codes: () => [] },
];

/** The arguments of the call whose '(' is at `open`, split at its top-level commas, as written. */
function callArguments(source: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let index = open; index < source.length; index++) {
    const char = source[index]!;
    if (char === "'" || char === '"' || char === '`') {
      // Skip the string (a template's ${} holds no quote of its own kind in this codebase's errors).
      index++;
      while (index < source.length && source[index] !== char) index += source[index] === '\\' ? 2 : 1;
      continue;
    }
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (depth === 0) {
        args.push(source.slice(start, index).trim());
        return args.filter((arg) => arg !== '');
      }
    } else if (char === ',' && depth === 1) {
      args.push(source.slice(start, index).trim());
      start = index + 1;
    }
  }
  return args;
}

/** A string literal's value ('…' or "…" or a template without ${}), else null. */
function literalValue(expression: string): string | null {
  const match = /^(['"`])([\s\S]*)\1$/.exec(expression);
  if (!match || (match[1] === '`' && match[2]!.includes('${'))) return null;
  return match[2]!.replace(/\\(.)/g, '$1');
}

function sourceFiles(root: string, dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(dir, file));
}

/** Reads the server's error sites from the tree at `root`. */
export function scanServerErrors(root: string): ServerErrorScan {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const files = sourceFiles(root, 'api');
  // Named constants of the server and the shared code: `const NAME = 'value'` (one-line or wrapped).
  const constants = new Map<string, string>();
  for (const file of [...files, ...sourceFiles(root, 'src/shared')]) {
    for (const match of read(file).matchAll(/const ([A-Z][A-Z0-9_]*)\s*=\s*\n?\s*(['"])((?:\\.|(?!\2).)*)\2\s*;/g))
      constants.set(match[1]!, match[3]!.replace(/\\(.)/g, '$1'));
  }
  const valueOf = (expression: string) => literalValue(expression) ?? constants.get(expression) ?? null;

  const sites: ErrorCallSite[] = [];
  const unread: string[] = [];
  for (const file of files) {
    const source = read(file);
    for (const call of source.matchAll(/\b(?:apiError|errorBody)\(/g)) {
      const [, codeExpression = '', messageExpression = ''] = callArguments(source, call.index + call[0].length - 1);
      const line = source.slice(0, call.index).split('\n').length;
      const code = valueOf(codeExpression);
      if (code !== null) {
        sites.push({ file, line, code, message: valueOf(messageExpression) });
        continue;
      }
      // A choice between two literal codes: `cond ? 'too_large' : 'bad_request'`.
      const choice = /\?\s*'([a-z_]+)'\s*:\s*'([a-z_]+)'$/.exec(codeExpression);
      if (choice) {
        for (const chosen of choice.slice(1)) sites.push({ file, line, code: chosen!, message: null });
        continue;
      }
      const indirect = INDIRECT_SITES.find((site) => site.file === file && site.codeExpression === codeExpression);
      if (!indirect) {
        unread.push(`${file}:${line} ${codeExpression}`);
        continue;
      }
      for (const taken of indirect.codes(read))
        sites.push({ file, line, code: taken.code, message: taken.messageExpression ? valueOf(taken.messageExpression) : null });
    }
  }
  return { sites, unread };
}
