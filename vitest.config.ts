import { defineConfig } from 'vitest/config';

import { icuCatalogues } from './scripts/vite-icu-catalogues.ts';

export default defineConfig({
  // The browser's compiled catalogues (virtual:icu-catalogue/<language>), as in the build.
  plugins: [icuCatalogues()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'api/**/*.test.ts', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // DOM tests opt in per file with `// @vitest-environment happy-dom` (docs/decisions/0128-dom-tests-happy-dom-by-docblock.md).
    setupFiles: ['tests/setup/vitest-setup.ts', 'tests/setup/dom-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
