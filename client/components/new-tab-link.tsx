import type { ReactNode } from 'react';
import { useTexts } from '../lib/i18n/use-texts';
import { newTabTexts } from './new-tab-link.locale';

/**
 * A link that opens in a new tab and says so: its name ends in "(opens in a new tab)", heard but
 * not shown (issue 40), so that the new tab comes as no surprise.
 */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useTexts(newTabTexts);
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t.opensNewTab}</span>
    </a>
  );
}
