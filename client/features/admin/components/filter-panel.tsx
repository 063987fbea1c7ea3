/**
 * A list's filter panel: its "Filters" button (a phone's) and its fields (filter-form.tsx, which
 * each list's own `filters.tsx` fills). Two modules, because Rspack keeps or drops a module's code
 * whole: the panel comes with its page, the fields in a chunk of their own (`admin-<list>-filters`,
 * scripts/route-modules.ts), so that a phone, where the panel is folded, takes the page over
 * without Arco's Form, DatePicker and Select and loads them once the page is its (issue 39,
 * docs/performance.md). A desktop's document announces the fields' chunk and the app loads it
 * before taking the page over, as the page's own.
 */
import { Button, Spin } from '@arco-design/web-react';
import { IconFilter } from '@arco-design/web-react/icon';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { isMobileAgent } from '@shared/device';
import { format } from '@shared/i18n/define-texts';
import { LazyPart } from '@client/components/load-error';
import { useDevice } from '@client/lib/hooks/use-device';
import type { Preloadable } from '@client/lib/lazy';
import { useTexts } from '@client/lib/i18n/use-texts';
import { adminTexts } from './admin-shell.locale';

/** How many filters are set. */
const setCount = (values: object) =>
  Object.values(values).filter((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '')).length;

/**
 * A list page's `preloadParts`: its fields' code, before the app takes a desktop's page over
 * (they show at once there); a phone's or a tablet's panel is folded and loads them later.
 */
export function preloadFilterFields(fields: Preloadable): Promise<void> {
  return isMobileAgent(navigator.userAgent, navigator.maxTouchPoints) ? Promise.resolve() : fields.preload();
}

/**
 * The filter panel of a list: `children`, the list's fields (its lazy `filters.tsx`). On a phone
 * or tablet it is folded behind a "Filters" button that says how many are set (issue 40: the form
 * filled the first screen, the rows came below it), and its fields are rendered once it is first
 * opened, their code asked for as soon as the page is the app's. On a desktop they are always
 * there, folded by the stylesheet alone in a narrow window.
 */
export function FilterPanel({
  values,
  fields,
  children,
}: {
  /** The filters the address holds, counted on the button. */
  values: object;
  /** The fields' code. */
  fields: Preloadable;
  children: ReactNode;
}) {
  const t = useTexts(adminTexts);
  const { mobile } = useDevice();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const formId = useId();
  // Fetched, not waited for: a failure shows where the fields would (LazyPart) when opened.
  useEffect(() => {
    if (mobile) fields.preload().catch(() => undefined);
  }, [mobile, fields]);
  // Rendered as they are where their code is here (the desktop's first render, after
  // preloadFilterFields): a Suspense boundary around them would hydrate after the rest of the
  // page, and the page's first update (the platforms' names) would then throw the fields away and
  // render them afresh (React's error #421). Else they wait for their code, a spinner in their place.
  // Decided once: changing between the two would mount the fields afresh, what was typed lost.
  const [here] = useState(() => fields.isLoaded());
  const waiting = <LazyPart fallback={<Spin className="admin-filters-loading" />}>{children}</LazyPart>;
  const count = setCount(values);
  const classes = ['admin-panel', 'admin-filters-panel', mobile && 'is-folding', open && 'is-open'];
  return (
    <section className={classes.filter(Boolean).join(' ')}>
      {/* Shown on a phone or tablet, and in a narrow window (admin-shell.css). */}
      <Button
        className="admin-filters-toggle"
        icon={<IconFilter />}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => {
          setOpen((now) => !now);
          setOpened(true);
        }}
      >
        {count ? format(t.filtersSet, { count }) : t.filters}
      </Button>
      <div id={formId}>{mobile ? opened && waiting : here ? children : waiting}</div>
    </section>
  );
}
