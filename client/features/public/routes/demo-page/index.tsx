import { Alert } from '@arco-design/web-react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { PLATFORM_KEYS, type PlatformKey } from '@shared/platforms';
import { DEMO_PAGES, ROUTES } from '@shared/routes';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { platformNames } from '@client/lib/platform-theme';
import { useRuntimeConfig } from '@client/lib/render-context';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import './demo-page.css';
import { format } from '@shared/i18n/define-texts';
import { Redirect } from '@client/lib/redirect';

type Kind = keyof typeof DEMO_PAGES;

/**
 * /agreement, /privacy and /feedback in demo mode: readable stand-ins for the pages the built-in
 * development links point at, naming the platform the link came from. Elsewhere unknown paths.
 */
export default function DemoPage() {
  const t = useTexts(texts);
  const names = useTexts(platformNames);
  const location = useLocation();
  const [params] = useSearchParams();
  const { demo } = useRuntimeConfig();
  const kind = (Object.keys(DEMO_PAGES) as Kind[]).find((k) => DEMO_PAGES[k] === location.pathname);
  if (!demo || !kind) return <Redirect to={ROUTES.login} />;
  const key = params.get('platform');
  const platform = PLATFORM_KEYS.includes(key as PlatformKey) ? names[key as PlatformKey] : names.main;
  const page = t[kind];
  return (
    <PublicLayout title={page.title} wide>
      <p className="demo-page-for">{format(t.forPlatform, { platform })}</p>
      <Alert type="info" content={t.demoNote} className="demo-page-note" />
      {Object.values(page.sections).map((section) => (
        <section key={section.heading} className="demo-page-section">
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </PublicLayout>
  );
}
