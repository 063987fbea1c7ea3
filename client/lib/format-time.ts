/** Timestamps as people read them: local date and time to the second. */
import { useMemo } from 'react';
import { useRenderContext } from './render-context';

type Format = (value: string | null | undefined) => string;

const pad = (n: number | string) => String(n).padStart(2, '0');

/** An ISO time as 'YYYY-MM-DD HH:mm:ss' from its parts; the raw value when it is not a date. */
const formatWith =
  (partsOf: (d: Date) => (number | string | undefined)[]): Format =>
  (value) => {
    if (!value) return '';
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return value;
    const [year, month, day, hour, minute, second] = partsOf(d).map((n) => pad(n ?? ''));
    return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
  };

/** In the browser's own zone. */
export const formatTime: Format = formatWith((d) => [
  d.getFullYear(),
  d.getMonth() + 1,
  d.getDate(),
  d.getHours(),
  d.getMinutes(),
  d.getSeconds(),
]);

/** In `timeZone`: the server renders a page's times in its visitor's zone. */
export function formatTimeIn(timeZone: string): Format {
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return formatWith((d) => {
    const part = Object.fromEntries(zone.formatToParts(d).map((p) => [p.type, p.value]));
    return [part.year, part.month, part.day, part.hour, part.minute, part.second];
  });
}

/** The formatter of the zone the page is rendered for (RenderContext.timeZone), else the browser's. */
export function useFormatTime(): Format {
  const { timeZone } = useRenderContext();
  return useMemo(() => (timeZone ? formatTimeIn(timeZone) : formatTime), [timeZone]);
}
