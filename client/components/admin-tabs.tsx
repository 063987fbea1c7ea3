import type { TabsProps } from '@arco-design/web-react';
import { useLayoutEffect, useRef } from 'react';
import { Tabs } from './tabs';

/**
 * The shared Tabs, with the inactive panes made inert: Arco keeps them mounted and only marks
 * them aria-hidden, so their form fields stayed focusable (axe: aria-hidden-focus).
 */
export function AdminTabs(props: TabsProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('.arco-tabs-content-item').forEach((pane) => {
      pane.inert = pane.getAttribute('aria-hidden') === 'true';
    });
  });
  return (
    <div ref={ref}>
      <Tabs {...props} />
    </div>
  );
}
AdminTabs.TabPane = Tabs.TabPane;
