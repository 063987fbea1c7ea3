/**
 * axe-core on the page as it is now: the WCAG 2.0 A and AA and 2.1 AA rules, and the serious or
 * critical findings among them, one line each (rule, help, where).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * @axe-core/playwright gives axe's source one second to load in a frame and, past it, leaves the
 * frame out of the results without a word: on a loaded CI machine the frame test found nothing in
 * a frame that holds two violations. A measure that leaves out a frame is taken again, and after
 * MEASURES it fails.
 */
const MEASURES = 3;

/** The frames axe's results reach into: a node inside a frame is targeted by the frame first. */
function framesMeasured(results: AxeResults): number {
  const frames = new Set<string>();
  for (const found of [...results.violations, ...results.passes, ...results.incomplete])
    for (const node of found.nodes) if (node.target.length > 1) frames.add(JSON.stringify(node.target[0]));
  return frames.size;
}

export async function blockingViolations(page: Page): Promise<string[]> {
  // A page without frames is measured in the page itself (legacy mode). The default mode opens a
  // blank page to put the frames' results together, which doubled each measurement (0.75 s
  // against 0.35 s on /login); what legacy mode leaves out is cross-origin frames, so a page
  // with a frame (the WeChat QR) is measured the default way.
  const frames = page.mainFrame().childFrames().length;
  for (let measure = 1; ; measure++) {
    const builder = new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .setLegacyMode(frames === 0);
    // Without frames to count, the passing nodes are not needed: axe then finds a selector for one
    // node per passing rule instead of for each (on /admin/user 590-610 ms against 710-1080).
    if (frames === 0) builder.options({ resultTypes: ['violations'] });
    const results = await builder.analyze();
    const measured = framesMeasured(results);
    if (measured < frames && measure < MEASURES) continue;
    if (measured < frames)
      throw new Error(`axe measured ${measured} of the page's ${frames} frames, ${MEASURES} times`);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }
}
