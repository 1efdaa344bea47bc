/**
 * A catalogue's ICU messages compiled by Lingui's compiler into the form Lingui's runtime formats
 * (docs/decisions/0162-languages-lingui-icu-catalogues.md): the server compiles its own when it
 * starts, the client build compiles the browser's (scripts/vite-icu-catalogues.ts), so no ICU parser
 * ships to the browser. A message that is not valid ICU throws, naming its id: a broken catalogue
 * fails the build and the server's start, never a customer's screen.
 */
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

export type CompiledCatalogue = Record<string, CompiledMessage>;

export function compileCatalogue(catalogue: Record<string, string>): CompiledCatalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([id, message]) => {
      try {
        return [id, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`The message ${id} is not valid ICU: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
}
