// First of all, before the rest of the app is evaluated: an offline repeat visit paints its menu
// from this read.
import './db/start-early-read';
import './lib/start-menu-rendered-mark';
import './styles.css';
// The stylesheets of everything the first-paint HTML draws (src/shared/first-paint-html.ts) come
// with the shell's own stylesheet, not with their route's chunk: the service worker's copy of the
// shell names only that one, and a page it draws must be styled before any script runs.
import './components/promo-banner.css';
import './features/full-menu/components/full-menu.css';
import './features/home/components/hero.css';
import './features/menu/components/category-bar.css';
import './features/menu/components/menu-item-card.css';
import './features/menu/components/menu-screen.css';

import { appendAfterPaintLinks } from './lib/after-paint-links';
import { installChunkReload } from './lib/chunk-reload';
import { holdFirstPaintClicks } from './lib/first-paint-clicks';
import { nextTask } from './lib/next-task';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root');
// Taps on a drawn first paint before the app has taken over are held and replayed after.
holdFirstPaintClicks(rootElement);
installChunkReload();

// The app's code is evaluated in six stages, each in a task of its own, rather than as one module
// graph in one long task (total blocking time: about 300 ms of a 4x-throttled phone's
// main thread before this split). These dynamic imports are the build's list of stages: the shell
// preloads every stage's chunks (scripts/vite-boot-stages.ts), so no stage waits for the network;
// the page's drawn first paint stays on screen meanwhile, and on such a page those preloads start
// only once it has painted (src/lib/after-paint-links.ts). A stage that fails to load after a
// deploy is chunk-reload's (a guarded reload).
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
  await startApp(root);
}

void boot(rootElement);
