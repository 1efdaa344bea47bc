/**
 * Asks the browser to keep our IndexedDB (queued orders, the outbox) from eviction under storage
 * pressure. Called after the first order and after installation; harmless to call again.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}
