/** When a menu change happened, as the manager reads it: Bucharest time, 24 h ("27 Nov 2026, 14:05"). */
const CHANGE_TIME_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatChangeTime(iso: string): string {
  return CHANGE_TIME_FORMAT.format(new Date(iso));
}
