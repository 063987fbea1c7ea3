import { Tabs as ArcoTabs, type TabsProps } from '@arco-design/web-react';
import { useEffect, useLayoutEffect, useRef } from 'react';

function syncInert(root: HTMLElement): void {
  root.querySelectorAll<HTMLElement>('.arco-tabs-content-item').forEach((pane) => {
    const hidden = pane.getAttribute('aria-hidden') === 'true';
    if (pane.inert !== hidden) pane.inert = hidden;
  });
}

/**
 * Arco's Tabs, with the ARIA structure it leaves out: its role="tab" elements sit in a header
 * without role="tablist", and inactive panes stay mounted with only aria-hidden, so their fields
 * stayed focusable. Both are fixed on every render.
 */
export function Tabs(props: TabsProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current
      ?.querySelectorAll('.arco-tabs-header')
      .forEach((header) => header.setAttribute('role', 'tablist'));
    if (ref.current) syncInert(ref.current);
  });
  // Arco switches panes itself when uncontrolled: follow its aria-hidden changes too.
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const observer = new MutationObserver(() => syncInert(root));
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref}>
      <ArcoTabs {...props} />
    </div>
  );
}
Tabs.TabPane = ArcoTabs.TabPane;
