import { Button } from '@arco-design/web-react';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { useTexts } from '../lib/i18n/use-texts';
import { loadErrorTexts } from './load-error.locale';

function LoadFailed() {
  const t = useTexts(loadErrorTexts);
  return (
    <div className="load-error" role="alert">
      <h2>{t.title}</h2>
      <p>{t.body}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t.reload}
      </Button>
    </div>
  );
}

/**
 * Data the page needs that could not be loaded (no reply in time, no network, the service's
 * error): said, with a button to try again; SWR also tries again by itself when the person comes
 * back to the tab or the network does (lib/api/load-retry.ts). Never "no permission", never an
 * outline that waits for ever. `compact` inside a panel (a list's table), without the heading.
 */
export function DataLoadError({ onRetry, compact = false }: { onRetry: () => unknown; compact?: boolean }) {
  const t = useTexts(loadErrorTexts);
  const [retrying, setRetrying] = useState(false);
  async function retry(): Promise<void> {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  }
  return (
    <div className={compact ? 'load-error load-error-compact' : 'load-error'} role="alert">
      {compact ? <p className="load-error-title">{t.dataTitle}</p> : <h2>{t.dataTitle}</h2>}
      <p>{t.dataBody}</p>
      <Button type="primary" loading={retrying} onClick={() => void retry()}>
        {t.retry}
      </Button>
    </div>
  );
}

/**
 * Around a part of the page that loads its code on demand: when that code cannot come (the
 * network dropped), the part says so and offers a reload instead of React unmounting the whole
 * page. A reload, not a retry: React.lazy keeps a failed load's error for good.
 */
class LoadErrorBoundary extends Component<
  { children: ReactNode; onFailed?: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailed?.();
  }

  override render(): ReactNode {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

/**
 * A part of the page whose code loads on demand: `fallback` while it comes, the load error if it
 * cannot. A `key` on it gives a part that failed a fresh chance when the page moves on.
 */
export function LazyPart({
  fallback,
  onFailed,
  children,
}: {
  fallback: ReactNode;
  onFailed?: () => void;
  children: ReactNode;
}) {
  return (
    <LoadErrorBoundary onFailed={onFailed}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadErrorBoundary>
  );
}
