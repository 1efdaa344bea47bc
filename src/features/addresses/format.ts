/** Display helpers for addresses. Dates read in the restaurant's time zone, whatever the device's. */
const VALIDATED_ON = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Bucharest' });

/** '22 Nov 2026' for an ISO instant (Europe/Bucharest), or null when unreadable. */
export function formatValidatedOn(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : VALIDATED_ON.format(date);
}

/** '2.4 km' */
export function formatKm(km: number): string {
  return `${km.toFixed(1)} km`;
}
