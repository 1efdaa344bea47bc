/** The compiled catalogues scripts/vite-icu-catalogues.ts serves: `virtual:icu-catalogue/<language>`. */
declare module 'virtual:icu-catalogue/*' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
