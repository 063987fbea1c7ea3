import { Tooltip } from '@arco-design/web-react';
import { IconInfoCircle } from '@arco-design/web-react/icon';
import { useId } from 'react';
import { useLocale } from '@client/lib/i18n/locale-context';
import { useTexts } from '@client/lib/i18n/use-texts';
import { asEnteredTexts } from './as-entered.locale';

/**
 * The title of a column whose values are shown as the UAA stores them: a role's name has one
 * spelling, in the language it was entered in (the seed's are Chinese), whatever the page's
 * language (issue 29). The title says so beside it, and to screen readers as its description;
 * its name stays the column's.
 */
export function AsEnteredTitle({ title }: { title: string }) {
  const t = useTexts(asEnteredTexts);
  const id = useId();
  return (
    <span className="as-entered">
      <span aria-describedby={id}>{title}</span>
      <Tooltip content={t.asEntered}>
        <IconInfoCircle aria-hidden="true" className="as-entered-icon" />
      </Tooltip>
      <span id={id} hidden>
        {t.asEntered}
      </span>
    </span>
  );
}

const CHINESE = /\p{Script=Han}/u;

/**
 * The language of a value shown as entered, when it is not the page's: Chinese text on a page in
 * another language is marked zh-CN (issue 40), so that a screen reader reads it in Chinese rather
 * than spelling it out with the page's voice.
 */
export function useAsEnteredLang(): (text: string) => 'zh-CN' | undefined {
  const { locale } = useLocale();
  return (text) => (locale !== 'zh-CN' && CHINESE.test(text) ? 'zh-CN' : undefined);
}

/** A value shown as entered, in its own language (useAsEnteredLang). */
export function AsEntered({ children }: { children: string }) {
  const langOf = useAsEnteredLang();
  return <span lang={langOf(children)}>{children}</span>;
}
