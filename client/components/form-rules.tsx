import type { FormItemProps, RulesProps } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import type { z } from 'zod/mini';
import { validationText, type ValidationCode } from '@shared/validation/messages';
import { firstCode } from '@shared/validation/rules';
import { plainCode, plainPhone } from '@shared/validation/canonical';
import { useLocale } from '../lib/i18n/locale-context';

type Check = (value: unknown) => ValidationCode | null;

/**
 * Turns a shared rule (a zod rule emitting codes, or a check returning one) into an Arco form
 * rule; the code becomes text here, when it is shown, in the current language.
 */
export function useRule(): (rule: Check | z.ZodMiniType) => RulesProps[] {
  const { locale } = useLocale();
  return (rule) => [
    {
      validator: (value: unknown, callback: (error?: string) => void) => {
        const code = typeof rule === 'function' ? rule(value) : firstCode(rule, value);
        callback(code ? validationText(code, locale) : undefined);
      },
    },
  ];
}

/**
 * What a phone field keeps of what was typed or pasted (a form item's `normalize`): `+86 131 4512
 * 2268` is 13145122268, as the rate limits count it; the phone rule judges what is left. Fields
 * take a paste whole and say what is wrong, never cut it to a length.
 */
export const phoneValue = <V,>(value: V): V | string =>
  typeof value === 'string' ? plainPhone(value) : value;

/** What a code field keeps of a paste (` 123456 ` is 123456). */
export const codeValue = <V,>(value: V): V | string => (typeof value === 'string' ? plainCode(value) : value);

export function useValidationText(): (code: ValidationCode) => string {
  const { locale } = useLocale();
  return (code) => validationText(code, locale);
}

/**
 * A field's problem found beside its rules (a server check on blur, spec §5): the error state and
 * the message, with anything `after` it (a link); none when `problem` is null. FormItem
 * (checked-form.tsx) announces it and makes it the field's description.
 */
export function useProblemProps(): (
  problem: ValidationCode | null,
  after?: ReactNode,
) => Pick<FormItemProps, 'validateStatus' | 'help'> {
  const text = useValidationText();
  return (problem, after) =>
    problem
      ? {
          validateStatus: 'error',
          help: (
            <>
              {text(problem)}
              {after ? <> {after}</> : null}
            </>
          ),
        }
      : { validateStatus: undefined, help: undefined };
}
