import { Button, Input, type InputProps } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input';
import { useId, useRef, useState } from 'react';
import { useCountdown } from '../lib/hooks/use-countdown';
import { defineTexts, format } from '@shared/i18n/define-texts';
import { useTexts } from '../lib/i18n/use-texts';
import type { SendOutcome } from './use-send-code';
import './code-input.css';

const texts = defineTexts(
  { getCode: 'Get code', resend: 'Resend', countdown: '{s}s' },
  { getCode: '获取验证码', resend: '重新发送', countdown: '{s}秒' },
);

/**
 * A code field with its send button. `onSend` resolves whether a code went out, which starts
 * the 60 s countdown (spec §4); afterwards the button offers to resend. While a send is under way
 * the button is busy and takes no second press; one that failed says why under the field, part of
 * the field's description, until the next (issue 40). The counting button is disabled, which
 * would drop the focus of a keyboard user on it: focus moves to the field, where the code is
 * typed next.
 */
export function CodeInput({ onSend, ...input }: InputProps & { onSend(): Promise<SendOutcome> }) {
  const t = useTexts(texts);
  const { left, start } = useCountdown();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const field = useRef<RefInputType>(null);
  const button = useRef<HTMLButtonElement>(null);
  const label = left > 0 ? format(t.countdown, { s: left }) : sent ? t.resend : t.getCode;
  const describedBy = [input['aria-describedby'], problem ? problemId : undefined].filter(Boolean).join(' ');

  async function send(): Promise<void> {
    if (sending) return;
    setSending(true);
    setProblem(null);
    const outcome = await onSend().finally(() => setSending(false));
    setProblem(outcome.problem ?? null);
    if (!outcome.sent) return;
    setSent(true);
    start();
    const focused = document.activeElement;
    if (focused === button.current || focused === document.body || focused === null) field.current?.focus();
  }

  return (
    <>
      <Input
        autoComplete="one-time-code"
        inputMode="numeric"
        {...input}
        aria-describedby={describedBy || undefined}
        ref={field}
        addAfter={
          <Button
            ref={button}
            type="text"
            size="small"
            disabled={left > 0}
            loading={sending}
            aria-busy={sending || undefined}
            onClick={() => void send()}
          >
            {label}
          </Button>
        }
      />
      {problem ? (
        <div id={problemId} role="alert" className="code-send-problem">
          {problem}
        </div>
      ) : null}
    </>
  );
}
