import { Button, Input, type InputProps } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input';
import { useRef, useState } from 'react';
import { useCountdown } from '../lib/hooks/use-countdown';
import { defineTexts, format } from '@shared/i18n/define-texts';
import { useTexts } from '../lib/i18n/use-texts';

const texts = defineTexts(
  { getCode: 'Get code', resend: 'Resend', countdown: '{s}s' },
  { getCode: '获取验证码', resend: '重新发送', countdown: '{s}秒' },
);

/**
 * A code field with its send button. `onSend` resolves true when a code went out, which starts
 * the 60 s countdown (spec §4); afterwards the button offers to resend. The counting button is
 * disabled, which would drop the focus of a keyboard user on it: focus moves to the field, where
 * the code is typed next.
 */
export function CodeInput({ onSend, ...input }: InputProps & { onSend(): Promise<boolean> }) {
  const t = useTexts(texts);
  const { left, start } = useCountdown();
  const [sent, setSent] = useState(false);
  const field = useRef<RefInputType>(null);
  const button = useRef<HTMLButtonElement>(null);
  const label = left > 0 ? format(t.countdown, { s: left }) : sent ? t.resend : t.getCode;
  return (
    <Input
      autoComplete="one-time-code"
      inputMode="numeric"
      {...input}
      ref={field}
      addAfter={
        <Button
          ref={button}
          type="text"
          size="small"
          disabled={left > 0}
          onClick={async () => {
            if (await onSend()) {
              setSent(true);
              start();
              const focused = document.activeElement;
              if (focused === button.current || focused === document.body || focused === null)
                field.current?.focus();
            }
          }}
        >
          {label}
        </Button>
      }
    />
  );
}
