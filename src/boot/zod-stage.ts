// Boot stage 2 of 6 (src/main.tsx): zod itself, with the setting our CSP needs set before any
// schema is built (src/lib/zod-config.ts), evaluated in a task of its own.
import '../lib/zod-config';
