// @vitest-environment jsdom
/**
 * The clicks held while a prerendered page is hydrated (take-over.ts): replayed in order once the
 * page is React's, onto the same place of a page rendered afresh, and nothing held after that.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterTakeOver, holdEarlyClicks, pageTakenOver } from './take-over';

const MARKUP =
  '<form><label id="agree"><input type="checkbox"> I agree</label><button type="submit" id="go">Go</button><a href="/x" id="link">x</a></form>';

function prerendered(): HTMLElement {
  document.body.innerHTML = `<div id="root">${MARKUP}</div>`;
  return document.getElementById('root') as HTMLElement;
}

/** Lets the replay's tasks run. */
const replayed = () => new Promise((done) => setTimeout(done, 10));

afterEach(() => {
  pageTakenOver();
  document.body.innerHTML = '';
});

describe('clicks before the page is taken over', () => {
  it('are held, the root busy, and nothing toggles behind the form', () => {
    const root = prerendered();
    holdEarlyClicks(root);
    expect(root.getAttribute('aria-busy')).toBe('true');
    const checkbox = root.querySelector('input') as HTMLInputElement;
    checkbox.click();
    expect(checkbox.checked).toBe(false);
  });

  it('are replayed in order once the page is taken over, and the root is no longer busy', async () => {
    const root = prerendered();
    holdEarlyClicks(root);
    const order: string[] = [];
    root.querySelector('input')?.addEventListener('change', () => order.push('agree'));
    root.querySelector('#go')?.addEventListener('click', (event) => {
      event.preventDefault();
      order.push('go');
    });
    (root.querySelector('#agree') as HTMLElement).click();
    (root.querySelector('#go') as HTMLElement).click();
    expect(order).toEqual([]);
    pageTakenOver();
    await replayed();
    expect(order).toEqual(['agree', 'go']);
    expect(root.hasAttribute('aria-busy')).toBe(false);
    expect((root.querySelector('input') as HTMLInputElement).checked).toBe(true);
  });

  it('reach the element in the same place when the page was rendered afresh', async () => {
    const root = prerendered();
    holdEarlyClicks(root);
    (root.querySelector('#go') as HTMLElement).click();
    root.innerHTML = MARKUP; // React's fresh render: new elements, same markup
    const pressed = vi.fn((event: Event) => event.preventDefault());
    root.querySelector('#go')?.addEventListener('click', pressed);
    pageTakenOver();
    await replayed();
    expect(pressed).toHaveBeenCalledOnce();
  });

  it('leave links to the browser', () => {
    const root = prerendered();
    holdEarlyClicks(root);
    const link = root.querySelector('#link') as HTMLElement;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('are no longer held afterwards', async () => {
    const root = prerendered();
    holdEarlyClicks(root);
    pageTakenOver();
    await afterTakeOver();
    const checkbox = root.querySelector('input') as HTMLInputElement;
    checkbox.click();
    expect(checkbox.checked).toBe(true);
  });
});

describe('what waits for the take-over', () => {
  it('waits until the page is taken over', async () => {
    const root = prerendered();
    holdEarlyClicks(root);
    let done = false;
    void afterTakeOver().then(() => (done = true));
    await replayed();
    expect(done).toBe(false);
    pageTakenOver();
    await afterTakeOver();
    expect(done).toBe(true);
  });
});
