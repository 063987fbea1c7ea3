import type { MouseEvent } from 'react';

/**
 * A click on a link that the app answers in place. With a modifier key or another button the
 * visitor asks for a new tab or window, which the browser opens: the page stays as it is.
 */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
