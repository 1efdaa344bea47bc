/**
 * After a deployment, an old page may ask for a lazy chunk that no longer exists. Reload once to get
 * the new shell instead of showing a blank screen; a guard in sessionStorage stops a reload loop.
 */
const RELOAD_GUARD_KEY = 'cg-chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    event.preventDefault();
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
    window.location.reload();
  });
}
