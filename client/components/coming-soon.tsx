import { PublicLayout } from './layouts/public-layout';
import { defineTexts } from '@shared/i18n/define-texts';
import { useTexts } from '../lib/i18n/use-texts';

const texts = defineTexts(
  { title: 'Coming soon', body: 'This page is not available yet.' },
  { title: '即将推出', body: '该页面暂未开放。' },
);

/** Placeholder for a declared route whose page a later issue builds. */
export function ComingSoon() {
  const t = useTexts(texts);
  return (
    <PublicLayout title={t.title}>
      <p className="coming-soon">{t.body}</p>
    </PublicLayout>
  );
}
