/**
 * The agreement checkbox with its links (spec §5). An unticked submit opens a prompt bubble under
 * the line, in the flow of the form so that it covers no field or button; ticking the box closes it.
 */
import { Checkbox } from '@arco-design/web-react';
// Arco's Link look on plain links: its component adds an icon option and key handling that a link
// with an href has anyway, with 1 KB gzip that /login cannot spare (ADR 0005).
import '@arco-design/web-react/es/Link/style/css.js';
import { useState, type ReactNode } from 'react';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './agreement.locale';
import { useValidationText } from '@client/components/form-rules';
import { usePlatformLinks } from '@client/lib/hooks/use-platform';
import { useTickedBeforeHydration } from '@client/features/auth/hooks/use-typed-before-hydration';

export function Agreement(props: { checked: boolean; onChange(checked: boolean): void; prompt: boolean }) {
  const t = useTexts(texts);
  const text = useValidationText();
  const links = usePlatformLinks();
  const ticked = useTickedBeforeHydration(props.onChange);
  return (
    <>
      <div className="agreement">
        {/* The whole line is the box's label, its name what is agreed to (issue 40); a press on
            a link opens the link, not the box (a label leaves its links to themselves). */}
        <Checkbox ref={ticked} checked={props.checked} onChange={(v: boolean) => props.onChange(v)}>
          <span>{t.prefix}</span>{' '}
          <a className="arco-link" href={links.agreement} target="_blank" rel="noopener noreferrer">
            {t.agreement}
          </a>{' '}
          {t.and}{' '}
          <a className="arco-link" href={links.privacy} target="_blank" rel="noopener noreferrer">
            {t.privacy}
          </a>
        </Checkbox>
      </div>
      {props.prompt ? (
        <div className="agreement-prompt" role="alert">
          {text('agreementRequired')}
        </div>
      ) : null}
    </>
  );
}

/**
 * The agreement of a login or registration form: `require()` before a submit says whether the box
 * is ticked and opens the prompt when it is not; render `element` in the form.
 */
export function useAgreement(): { require(): boolean; element: ReactNode } {
  const [agreed, setAgreed] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const element = (
    <Agreement
      checked={agreed}
      onChange={(v) => {
        setAgreed(v);
        setPrompt(false);
      }}
      prompt={prompt}
    />
  );
  function require(): boolean {
    if (!agreed) setPrompt(true);
    return agreed;
  }
  return { require, element };
}
