import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/language-switch';
import { defineTexts, useTexts } from '../../i18n/define-texts';

const texts = defineTexts(
  { brand: 'Account Center', footer: 'One account for every platform of the family' },
  { brand: '账号中心', footer: '一个账号，通行所有平台' },
);

/** The frame of every visitor page: brand, language switch, a centred card. */
export function PublicLayout({ children, title }: { children: ReactNode; title?: string }) {
  const t = useTexts(texts);
  return (
    <div className="public-layout">
      <header className="public-header">
        <span className="brand" aria-label={t.brand}>
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {t.brand}
        </span>
        <LanguageSwitch />
      </header>
      <main className="public-main">
        <section className="public-card">
          {title ? <h1 className="public-title">{title}</h1> : null}
          {children}
        </section>
      </main>
      <footer className="public-footer">{t.footer}</footer>
    </div>
  );
}
