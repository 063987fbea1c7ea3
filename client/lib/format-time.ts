/** Timestamps as people read them: local date and time to the second. */
import { useMemo } from 'react';
import { useBrowserFacts } from './browser-facts';

const pad = (n: number) => String(n).padStart(2, '0');

type Format = (value: string | null | undefined) => string;

/** An ISO time as 'YYYY-MM-DD HH:mm:ss' in the browser's zone; the raw value when it is not a date. */
export const formatTime: Format = (value) => {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** The same in `timeZone`: the server renders a page's times in its visitor's zone. */
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
  return (value) => {
    if (!value) return '';
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return value;
    const part = Object.fromEntries(zone.formatToParts(d).map((p) => [p.type, p.value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/** The formatter of the zone the page is rendered for (BrowserFacts.timeZone), else the browser's. */
export function useFormatTime(): Format {
  const { timeZone } = useBrowserFacts();
  return useMemo(() => (timeZone ? formatTimeIn(timeZone) : formatTime), [timeZone]);
}
