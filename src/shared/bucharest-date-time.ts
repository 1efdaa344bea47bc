/**
 * A date and time as people here read it: Bucharest wall time, 24 h ("27 Nov 2026, 14:05"), whatever
 * the device's zone. One format for the order pages and the menu editor's change log.
 */
const BUCHAREST_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The instant in Bucharest time; text that is not an instant is shown as it came. */
export function formatBucharestDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : BUCHAREST_DATE_TIME.format(at);
}
