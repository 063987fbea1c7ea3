import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { isPlainClick } from '@client/lib/plain-click';
import './tabs.css';

interface TabPaneProps {
  title: ReactNode;
  children?: ReactNode;
}

/** One pane of <Tabs>; its element key names it. Rendered by Tabs, never on its own. */
function TabPane(_props: TabPaneProps): null {
  return null;
}

const PaneShown = createContext(true);

/**
 * False inside a hidden pane. A popup anchored there (a prompt both panes' forms share) stays
 * closed: its anchor has no place on the page to point at.
 */
export function usePaneShown(): boolean {
  return useContext(PaneShown);
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * Line tabs in Arco's look, with the WAI-ARIA tabs pattern (tablist, roving focus, arrow keys).
 * Arco's own Tabs brings its overflow dropdown (Dropdown, Menu) with it: 18 KB gzip of the login
 * page for two tabs. As in Arco's, a pane mounts when first shown and then stays, hidden while
 * inactive, so its fields keep what was typed.
 *
 * With `hrefOf`, each tab is a link to its own address: a tap before the app has taken the page
 * over loads that address (progressive enhancement), and once it has, `onChange` answers in place.
 */
export function Tabs({
  activeTab,
  onChange,
  hrefOf,
  children,
}: {
  activeTab: string;
  onChange(key: string): void;
  hrefOf?(key: string): string;
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const [shown] = useState(() => new Set<string>());
  shown.add(activeTab);
  const panes: { key: string; props: TabPaneProps }[] = [];
  // forEach sees the elements as written, keys unprefixed (toArray and map rewrite them).
  Children.forEach(children, (child) => {
    if (isValidElement<TabPaneProps>(child) && child.type === TabPane)
      panes.push({ key: String(child.key), props: child.props });
  });

  function onKeyDown(event: KeyboardEvent, index: number): void {
    // Space chooses a link tab as it pressed the button tab (a link would scroll the page).
    const next = event.key === ' ' ? index : NEXT_KEYS[event.key]?.(index, panes.length);
    if (next === undefined) return;
    event.preventDefault();
    onChange(panes[next]!.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div className="tabs">
      <div className="tabs-list" role="tablist" ref={list}>
        {panes.map(({ key, props }, index) => {
          const tab = {
            role: 'tab',
            id: `${id}-tab-${key}`,
            'aria-controls': `${id}-pane-${key}`,
            'aria-selected': key === activeTab,
            tabIndex: key === activeTab ? 0 : -1,
            className: 'tabs-tab',
            onKeyDown: (event: KeyboardEvent) => onKeyDown(event, index),
            children: <span className="tabs-tab-text">{props.title}</span>,
          };
          return hrefOf ? (
            <a
              key={key}
              href={hrefOf(key)}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onChange(key);
              }}
              {...tab}
            />
          ) : (
            <button key={key} type="button" onClick={() => onChange(key)} {...tab} />
          );
        })}
      </div>
      {panes.map(({ key, props }) => (
        <div
          key={key}
          role="tabpanel"
          id={`${id}-pane-${key}`}
          aria-labelledby={`${id}-tab-${key}`}
          hidden={key !== activeTab}
          className="tabs-pane"
        >
          <PaneShown.Provider value={key === activeTab}>
            {shown.has(key) ? props.children : null}
          </PaneShown.Provider>
        </div>
      ))}
    </div>
  );
}
Tabs.TabPane = TabPane;
