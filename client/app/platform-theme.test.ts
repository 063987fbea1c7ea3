import { describe, expect, it } from 'vitest';
import { PLATFORM_KEYS } from '@shared/platforms';
import { BRAND_THEME, PLATFORM_THEMES } from './platform-theme';

// WCAG 2.1 relative luminance and contrast ratio.
function luminance(rgb: string): number {
  const [r, g, b] = rgb.split(',').map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (rgb: string) => 1.05 / (luminance(rgb) + 0.05);

describe('platform themes', () => {
  it.each(PLATFORM_KEYS)(
    '%s: white text on its primary buttons meets WCAG AA (4.5:1), hovered or not',
    (key) => {
      const [hover, base, active] = PLATFORM_THEMES[key].primary;
      for (const colour of [hover, base, active])
        expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
    },
  );
  it('the sub-brand too', () => {
    for (const colour of BRAND_THEME.primary) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5);
  });
});
