import { Button } from '@arco-design/web-react';
import { useTexts } from '../lib/i18n/use-texts';
import { notInFrameTexts } from './not-in-frame.locale';

/**
 * Said in place of a page that another site's frame must not show (its actions could be
 * clickjacked there), with the page's address to open on its own.
 */
export function NotInFrame({ href }: { href: string }) {
  const t = useTexts(notInFrameTexts);
  return (
    <div className="not-in-frame" role="alert">
      <h2>{t.title}</h2>
      <Button type="primary" href={href} target="_blank" rel="noopener">
        {t.open}
      </Button>
    </div>
  );
}
