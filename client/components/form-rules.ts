import type { RulesProps } from '@arco-design/web-react';
import { validationText, type ValidationCode } from '@shared/validation/messages';
import { useLocale } from '../lib/i18n/locale-context';

type Check = (value: unknown) => ValidationCode | null;

/** Turns a shared rule (which returns a code) into an Arco form rule with the localized text. */
export function useRule(): (check: Check) => RulesProps[] {
  const { locale } = useLocale();
  return (check) => [
    {
      validator: (value: unknown, callback: (error?: string) => void) => {
        const code = check(value);
        callback(code ? validationText(code, locale) : undefined);
      },
    },
  ];
}

export function useValidationText(): (code: ValidationCode) => string {
  const { locale } = useLocale();
  return (code) => validationText(code, locale);
}
