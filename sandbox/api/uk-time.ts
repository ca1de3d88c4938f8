/** The register stamps firm records with the current UK local time as dd/mm/yyyy HH:MM. */
const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function ukTimestamp(at: Date): string {
  const parts: Record<string, string> = {};
  for (const p of formatter.formatToParts(at)) parts[p.type] = p.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
