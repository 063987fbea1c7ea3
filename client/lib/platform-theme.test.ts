import { describe, expect, it } from 'vitest';
import { PLATFORM_KEYS } from '@shared/platforms';
import { BRAND_THEME, PLATFORM_THEMES, themeVariables } from './platform-theme';

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
  it("every platform has a colour of its own, none of them the main look's Arco blue", () => {
    const bases = [...Object.values(PLATFORM_THEMES), BRAND_THEME].map((t) => t.primary[1]);
    expect(new Set([...bases, '22,93,255']).size).toBe(bases.length + 1);
  });
  it('derives the light steps and the link colours from the primary', () => {
    // Arco's own default blue gives back, within a few steps a channel, Arco's own light steps.
    const vars = themeVariables({ primary: ['64,128,255', '22,93,255', '14,66,210'] });
    const arco = ['232,243,255', '190,218,255', '148,191,255', '106,161,255'];
    arco.forEach((expected, i) => {
      const got = (vars[`--primary-${i + 1}`] ?? '').split(',').map(Number);
      expected
        .split(',')
        .forEach((c, j) => expect(Math.abs(Number(c) - (got[j] ?? -99))).toBeLessThanOrEqual(12));
      expect(vars[`--link-${i + 1}`]).toBe(vars[`--primary-${i + 1}`]);
    });
    expect(vars).toMatchObject({
      '--primary-6': '22,93,255',
      '--link-6': '22,93,255',
      '--link-7': '14,66,210',
    });
    expect(Object.keys(vars)).toHaveLength(14);
  });
});
