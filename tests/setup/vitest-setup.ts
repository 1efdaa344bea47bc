/** Any console.error during a test is a failure: errors must be handled, not printed. */
import { afterEach, vi } from 'vitest';

import '../../src/shared/schemas/english-messages';

let consoleErrors: unknown[][] = [];
const originalError = console.error.bind(console);

vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  consoleErrors.push(args);
  originalError(...args);
});

afterEach(() => {
  const seen = consoleErrors;
  consoleErrors = [];
  if (seen.length > 0)
    throw new Error(`console.error was called ${seen.length} time(s): ${seen.map((a) => a.map(String).join(' ')).join(' | ')}`);
});
