/**
 * Tests only: what makes a set of catalogues complete (issue 23): every language has the same ids,
 * none empty, each a valid ICU message filling the same {placeholders} as the English one.
 * Returns the problems found (empty: none), so a test shows them all at once.
 */
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** The {placeholders} a compiled message fills, in plural and select branches too. */
function placeholdersOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    into.add(name);
    if (format && typeof format === 'object')
      for (const [key, branch] of Object.entries(format)) if (key !== 'offset' && Array.isArray(branch)) placeholdersOf(branch, into);
  }
  return into;
}

function compiled(message: string): CompiledMessage | string {
  try {
    return compileMessageOrThrow(message);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function catalogueProblems(catalogues: Record<string, Record<string, string>>, reference = 'en'): string[] {
  const problems: string[] = [];
  const english = catalogues[reference] ?? {};
  for (const [locale, catalogue] of Object.entries(catalogues)) {
    for (const id of Object.keys(english)) if (!(id in catalogue)) problems.push(`${locale}: ${id} is missing`);
    for (const [id, message] of Object.entries(catalogue)) {
      if (!(id in english)) problems.push(`${locale}: ${id} is not in the ${reference} catalogue`);
      if (message.trim() === '') problems.push(`${locale}: ${id} is empty`);
      const mine = compiled(message);
      if (typeof mine === 'string') {
        problems.push(`${locale}: ${id} is not valid ICU (${mine})`);
        continue;
      }
      const theirs = id in english ? compiled(english[id]!) : null;
      if (theirs && typeof theirs !== 'string') {
        const [a, b] = [[...placeholdersOf(mine)].sort().join(','), [...placeholdersOf(theirs)].sort().join(',')];
        if (a !== b) problems.push(`${locale}: ${id} fills {${a}}, ${reference} fills {${b}}`);
      }
    }
  }
  return problems;
}
