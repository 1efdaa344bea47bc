/**
 * zod/mini sets no locale, so every issue would read "Invalid input"; classic zod set English on
 * its own. The issues' messages reach users (form errors) and API answers (`details`), so each
 * runtime imports this once, before anything parses: the browser's zod boot stage
 * (src/lib/zod-config.ts), the API (api/app.ts, and api/env.ts for the
 * scripts that read the configuration without the app) and the unit tests (tests/setup/vitest-setup.ts).
 */
import { en } from 'zod/locales';
import { z } from 'zod/mini';

z.config(en());
