import { expect, it } from 'vitest';
import { formatTime, formatTimeIn } from './format-time';

it("formats in a named zone as the server renders a visitor's times", () => {
  expect(formatTimeIn('Asia/Shanghai')('2026-01-01T00:00:05Z')).toBe('2026-01-01 08:00:05');
  expect(formatTimeIn('America/New_York')('2026-01-01T00:00:00Z')).toBe('2025-12-31 19:00:00');
  expect(formatTimeIn('UTC')('')).toBe('');
});

it("formats in the browser's own zone, and leaves what is not a date as it is", () => {
  const d = new Date('2026-03-04T05:06:07Z');
  const hour = String(d.getHours()).padStart(2, '0');
  expect(formatTime('2026-03-04T05:06:07Z')).toBe(
    `${d.getFullYear()}-03-${String(d.getDate()).padStart(2, '0')} ${hour}:06:07`,
  );
  expect(formatTime('not a date')).toBe('not a date');
  expect(formatTime(null)).toBe('');
});
