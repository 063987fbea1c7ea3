import { Tabs as ArcoTabs, type TabsProps } from '@arco-design/web-react';
import { useLayoutEffect, useRef } from 'react';

/**
 * Arco's Tabs, with the ARIA structure it leaves out: its role="tab" elements sit in a header
 * without role="tablist", which screen readers (and axe) reject.
 */
export function Tabs(props: TabsProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current
      ?.querySelectorAll('.arco-tabs-header')
      .forEach((header) => header.setAttribute('role', 'tablist'));
  });
  return (
    <div ref={ref}>
      <ArcoTabs {...props} />
    </div>
  );
}
Tabs.TabPane = ArcoTabs.TabPane;
