/**
 * axe-core on the page as it is now: the WCAG 2.0 A and AA and 2.1 AA rules, and the serious or
 * critical findings among them, one line each (rule, help, where).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function blockingViolations(page: Page): Promise<string[]> {
  // A page without frames is measured in the page itself (legacy mode). The default mode opens a
  // blank page to put the frames' results together, which doubled each measurement (0.75 s
  // against 0.35 s on /login); what legacy mode leaves out is cross-origin frames, so a page
  // with a frame (the WeChat QR) is measured the default way.
  const framed = page.frames().length > 1;
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .setLegacyMode(!framed)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
