/** Timestamps as people read them: local date and time to the second. */
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The time zone the server renderer formats in: the visitor's (its cookie, client/app/hydration.tsx),
 * so that the page it renders reads as the browser's own render will. Unset in a browser.
 */
let renderZone: Intl.DateTimeFormat | undefined;
export function formatInTimeZone(timeZone: string | undefined): void {
  renderZone = timeZone
    ? new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
    : undefined;
}

/** An ISO time as local 'YYYY-MM-DD HH:mm:ss'; the raw value when it is not a date. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  if (renderZone) {
    const part = Object.fromEntries(renderZone.formatToParts(d).map((p) => [p.type, p.value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  }
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
