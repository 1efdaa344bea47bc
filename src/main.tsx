// First of all: the offline-paint benchmark's mark watches for the first menu card painted,
// whoever drew it (the server's HTML, the service worker's stored copy of it, or React).
import './lib/start-menu-rendered-mark';
import './styles.css';
// The stylesheets of what the first-paint pages draw come with the shell's own stylesheet, not with
// their route's chunk: a server-rendered page (or the service worker's stored copy of one) must be
// styled before any script runs.
import './components/promo-banner.css';
import './features/full-menu/components/full-menu.css';
import './features/home/components/hero.css';
import './features/menu/components/category-bar.css';
import './features/menu/components/menu-item-card.css';
import './features/menu/components/menu-screen.css';

import { appendAfterPaintLinks } from './lib/after-paint-links';
import { installChunkReload } from './lib/chunk-reload';
import { holdTaps } from './lib/held-taps';
import { nextTask } from './lib/next-task';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root');
// Taps on a server-rendered page before the app has started are held and replayed once it has.
const releaseTaps = holdTaps(rootElement);
installChunkReload();

// The app's code is evaluated in six stages, each in a task of its own, rather than as one module
// graph in one long task (total blocking time: about 300 ms of a 4x-throttled phone's
// main thread before this split). These dynamic imports are the build's list of stages: the shell
// preloads every stage's chunks (scripts/vite-boot-stages.ts), so no stage waits for the network;
// a server-rendered page stays on screen meanwhile and is hydrated, not replaced, at the end, and on
// such a page those preloads start only once it has painted (src/lib/after-paint-links.ts). A stage
// that fails to load after a deploy is chunk-reload's (a guarded reload).
async function boot(root: HTMLElement): Promise<void> {
  await appendAfterPaintLinks();
  await import('./boot/react-stage');
  await nextTask();
  await import('./boot/zod-stage');
  await nextTask();
  await import('./boot/menu-schema-stage');
  await nextTask();
  await import('./boot/settings-schema-stage');
  await nextTask();
  await import('./boot/data-stage');
  await nextTask();
  const { startApp } = await import('./boot/start-app');
  await nextTask();
  await startApp(root, releaseTaps);
}

void boot(rootElement);
