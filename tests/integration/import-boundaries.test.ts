// The architecture's one-way dependencies (shared -> lib, db, sync -> entities -> features -> routes;
// features never import each other, entities neither; api imports only src/shared) are enforced by
// import-x/no-restricted-paths in eslint.config.js.
// That rule resolves every import before matching zones, so without a resolver for extensionless
// TypeScript paths it silently passes everything. These probes prove each boundary fires; the real
// tree is held to them by `npm run lint` (the same config, every file, no warnings allowed), which
// scripts/test.sh runs before these tests.
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BOUNDARY_RULE = 'import-x/no-restricted-paths';

// One linter for every probe: each new ESLint loads the whole flat config and its plugins again.
let linter: ESLint | undefined;
function boundaryLinter(): ESLint {
  linter ??= new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === BOUNDARY_RULE });
  return linter;
}

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await boundaryLinter().lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === BOUNDARY_RULE).map((m) => m.message);
}

describe('import boundaries', () => {
  it('src/shared importing a feature is an error', async () => {
    const errors = await boundaryErrors(
      'src/shared/domain/probe.ts',
      "import { cartBarSummaryText } from '../../features/cart/cart-bar-text';\nexport const probe = cartBarSummaryText;\n",
    );
    expect(errors).toEqual([expect.stringContaining('src/shared is pure')]);
  });

  it('a feature importing another feature is an error, also for type-only imports', async () => {
    const value = await boundaryErrors(
      'src/features/menu/probe.ts',
      "import { cartBarSummaryText } from '../cart/cart-bar-text';\nexport const probe = cartBarSummaryText;\n",
    );
    expect(value).toEqual([expect.stringContaining('Features never import each other')]);
    const typeOnly = await boundaryErrors(
      'src/features/cart/probe.ts',
      "import type * as CategoryBarModule from '../menu/components/category-bar';\nexport type Probe = typeof CategoryBarModule;\n",
    );
    expect(typeOnly).toEqual([expect.stringContaining('Features never import each other')]);
  });

  it('api/ importing src/features is an error', async () => {
    const errors = await boundaryErrors(
      'api/routes/probe.ts',
      "import { cartBarSummaryText } from '../../src/features/cart/cart-bar-text';\nexport const probe = cartBarSummaryText;\n",
    );
    expect(errors).toEqual([expect.stringContaining('api/ may import src/shared only')]);
  });

  it('infrastructure (src/lib, src/db, src/sync) importing a noun or a feature is an error', async () => {
    const fromLib = await boundaryErrors(
      'src/lib/probe.ts',
      "import { readCartLines } from '../entities/cart/cart-repo';\nimport { cartBarSummaryText } from '../features/cart/cart-bar-text';\nexport const probe = [readCartLines, cartBarSummaryText];\n",
    );
    expect(fromLib).toEqual([expect.stringContaining('are infrastructure'), expect.stringContaining('are infrastructure')]);
    const fromSync = await boundaryErrors(
      'src/sync/probe.ts',
      "import { signOut } from '../entities/session/sign-out';\nexport const probe = signOut;\n",
    );
    expect(fromSync).toEqual([expect.stringContaining('are infrastructure')]);
  });

  it('an entity importing a feature or another entity is an error', async () => {
    const errors = await boundaryErrors(
      'src/entities/cart/probe.ts',
      "import { cartBarSummaryText } from '../../features/cart/cart-bar-text';\nimport { loginModalAtom } from '../session/login-modal';\nexport const probe = [cartBarSummaryText, loginModalAtom];\n",
    );
    expect(errors).toEqual([
      expect.stringContaining('Entities (the shared nouns) sit below features'),
      expect.stringContaining('An entity never imports another'),
    ]);
  });

  it('allowed directions stay clean', async () => {
    expect(
      await boundaryErrors(
        'src/features/menu/probe.ts',
        "import { BANI_PER_LEU } from '../../shared/money';\nimport { CATEGORY_SKELETON_COUNT } from './components/category-bar';\nexport const probe = [BANI_PER_LEU, CATEGORY_SKELETON_COUNT];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'api/routes/probe.ts',
        "import { BANI_PER_LEU } from '../../src/shared/money';\nexport const probe = BANI_PER_LEU;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/routes/probe.tsx',
        "import { cartBarSummaryText } from '../features/cart/cart-bar-text';\nimport { BANI_PER_LEU } from '../shared/money';\nexport const probe = [cartBarSummaryText, BANI_PER_LEU];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/features/menu/probe.ts',
        "import { useCartQuantities } from '../../entities/cart/hooks/use-live-cart';\nimport { notify } from '../../lib/notify';\nexport const probe = [useCartQuantities, notify];\n",
      ),
    ).toEqual([]);
  });
});
