import { Button } from '@arco-design/web-react';
import { useSearchParams } from 'react-router-dom';
import { LANG_PARAM } from '@shared/routes';
import { useLocale } from '../lib/i18n/locale-context';

/**
 * Switches between the two languages; labelled in the language it switches to. On a page whose
 * address names a language (`?lang=zh-CN`), the address follows the choice: a reload or a link
 * opened in a new tab would otherwise undo it.
 */
export function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  const [params, setParams] = useSearchParams();
  const next = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  const choose = () => {
    setLocale(next);
    if (params.has(LANG_PARAM))
      setParams(
        (now) => {
          now.set(LANG_PARAM, next);
          return now;
        },
        { replace: true, preventScrollReset: true },
      );
  };
  return (
    <Button type="text" size="small" onClick={choose} lang={next}>
      {next === 'en-US' ? 'English' : '中文'}
    </Button>
  );
}
