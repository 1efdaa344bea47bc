/**
 * Setup for the DOM test environment (docs/decisions/0128-dom-tests-happy-dom-by-docblock.md).
 * Runs for every Vitest file; does something only in a file that opted into happy-dom with the
 * `// @vitest-environment happy-dom` docblock, so node tests never load React DOM or Testing Library.
 * A `*.dom.test.tsx` file without the docblock fails here instead of silently running in node.
 */
import { afterEach, beforeAll, expect } from 'vitest';

const inDom = typeof document !== 'undefined';

beforeAll(() => {
  const testPath = expect.getState().testPath ?? '';
  if (!inDom && /\.dom\.test\.tsx?$/.test(testPath))
    throw new Error(`${testPath} is a DOM test: start it with the docblock // @vitest-environment happy-dom`);
});

if (inDom) {
  // Testing Library unmounts after each test only when Vitest's globals are on; they are off here.
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // React 19's act() warns unless the environment says it is a test environment.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
}
