/**
 * After a deployment, an old page may ask for a lazy chunk that no longer exists. Reload once to get
 * the new shell instead of showing a blank screen; a guard in sessionStorage stops a reload loop.
 *
 * Offline it never reloads: a chunk also fails when the connection drops before the service worker
 * controls the page (a first visit), and a reload then shows the browser's offline page instead of
 * the app. The import's error goes on to `loadWhenOnline`, which waits for the connection.
 */
const RELOAD_GUARD_KEY = 'cg-chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    event.preventDefault();
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
    window.location.reload();
  });
}

/**
 * A lazy import that, failing while offline, waits for the `online` event and tries again, so a part
 * of the page whose code had not arrived yet appears once the connection is back. Online failures
 * are thrown as they are (the reload above handles a missing chunk after a deploy).
 */
export async function loadWhenOnline<T>(load: () => Promise<T>, isOnline: () => boolean = () => navigator.onLine): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (isOnline()) throw error;
      await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    }
  }
}
