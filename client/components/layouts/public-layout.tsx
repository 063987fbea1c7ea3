import { Suspense, type ReactNode } from 'react';
import { inIframe } from '@client/lib/api/client';
import { lazyComponent } from '@client/lib/lazy';
import { LanguageSwitch } from '../language-switch';
import { useBeforePaint } from '@client/lib/hooks/use-before-paint';
import { useDevice } from '@client/lib/hooks/use-device';
import { useDocumentTitle } from '@client/lib/hooks/use-document-title';
import { usePlatform } from '@client/lib/hooks/use-platform';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useBrand } from '@client/lib/brand';
import { BRAND_THEME, PLATFORM_THEMES, platformNames, themeVariables } from '@client/lib/platform-theme';
import { useWidget } from '@client/lib/widget';

// Only the one in-app browser shows it: Arco's Alert is fetched there alone.
const CompatWarning = lazyComponent(() =>
  import(/* webpackChunkName: "compat-warning" */ '../compat-warning').then((m) => ({
    default: m.CompatWarning,
  })),
);

/**
 * The frame of every visitor page: the platform's (or sub-brand's) name and colours, the
 * language switch, a centred card; the mobile layout on phones and tablets; nothing but the card
 * in the intern platform's widget (filling the frame when it is embedded).
 */
export function PublicLayout({
  children,
  title,
  pageName,
  wide,
  widget: asWidget = false,
}: {
  children: ReactNode;
  /** The card's heading, which names the page in the tab's title too. */
  title?: string;
  /** The page's name in the tab's title when the page draws its own heading (a result panel's). */
  pageName?: string;
  wide?: boolean;
  /** The widget's frame whatever the query says (its /bff/redirect, whose query is `to` only). */
  widget?: boolean;
}) {
  const names = useTexts(platformNames);
  const platform = usePlatform();
  const brand = useBrand();
  const device = useDevice();
  const widget = useWidget() ?? (asWidget || null);
  const theme = platform ? PLATFORM_THEMES[platform] : brand.branded ? BRAND_THEME : undefined;
  const name = brand.branded ? names.branded : platform ? names[platform] : names.main;
  useDocumentTitle(title ?? pageName, name);

  // Arco reads its primary colour from CSS variables; a platform overrides them page-wide so
  // that popups (rendered outside this frame) match too. Before the first paint, so that the
  // platform's page never flashes the main look's blue.
  useBeforePaint(() => {
    // On body: Arco declares its palette there, which would shadow values set on html.
    const root = document.body.style;
    const vars = theme ? Object.entries(themeVariables(theme)) : [];
    for (const [name, value] of vars) root.setProperty(name, value);
    return () => vars.forEach(([name]) => root.removeProperty(name));
  }, [theme]);

  const classes = [
    'public-layout',
    platform ? `platform-${platform}` : '',
    brand.branded ? 'brand-variant' : '',
    device.mobile ? 'is-mobile' : '',
    widget ? 'is-widget' : '',
    // Framed by the embedding page, the widget fills the frame; opened on its own it stays a card.
    widget && inIframe() ? 'in-frame' : '',
  ].join(' ');
  const card = (
    <section className={wide ? 'public-card public-card-wide' : 'public-card'}>
      {title ? <h1 className="public-title">{title}</h1> : null}
      {children}
    </section>
  );
  if (widget) return <div className={classes}>{card}</div>;

  return (
    <div className={classes}>
      <header className="public-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {name}
        </span>
        <LanguageSwitch />
      </header>
      {device.specialInApp ? (
        <Suspense fallback={null}>
          <CompatWarning />
        </Suspense>
      ) : null}
      <main className="public-main">{card}</main>
      <footer className="public-footer">
        {platform === 'medieval' ? names.medievalFooter : names.footer}
      </footer>
    </div>
  );
}
