import { Button } from '@arco-design/web-react';
import { useLocale } from '../lib/i18n/locale-context';

/** Switches between the two languages; labelled in the language it switches to. */
export function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  const next = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button type="text" size="small" onClick={() => setLocale(next)} lang={next}>
      {next === 'en-US' ? 'English' : '中文'}
    </Button>
  );
}
