/** Timestamps as people read them: local date and time to the second. */
const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as local 'YYYY-MM-DD HH:mm:ss'; the raw value when it is not a date. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
