/**
 * Imported first by the zod boot stage (src/boot/zod-stage.ts), whose chunk holds zod: our CSP
 * forbids eval, and zod decides at schema construction whether to compile parsers with
 * `new Function`; jitless keeps it from even probing (a CSP violation report).
 */
import { z } from 'zod/mini';

import '../shared/schemas/english-messages';

z.config({ jitless: true });
