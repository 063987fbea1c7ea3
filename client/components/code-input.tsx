import { Button, Input, type InputProps } from '@arco-design/web-react';
import { useState } from 'react';
import { useCountdown } from '../hooks/use-countdown';
import { defineTexts, useTexts } from '../i18n/define-texts';

const texts = defineTexts(
  { getCode: 'Get code', resend: 'Resend', countdown: '{s}s' },
  { getCode: '获取验证码', resend: '重新发送', countdown: '{s}秒' },
);

/**
 * A code field with its send button. `onSend` resolves true when a code went out, which starts
 * the 60 s countdown (spec §4); afterwards the button offers to resend.
 */
export function CodeInput({ onSend, ...input }: InputProps & { onSend(): Promise<boolean> }) {
  const t = useTexts(texts);
  const { left, start } = useCountdown();
  const [sent, setSent] = useState(false);
  const label = left > 0 ? t.countdown.replace('{s}', String(left)) : sent ? t.resend : t.getCode;
  return (
    <Input
      autoComplete="one-time-code"
      inputMode="numeric"
      {...input}
      addAfter={
        <Button
          type="text"
          size="small"
          disabled={left > 0}
          onClick={async () => {
            if (await onSend()) {
              setSent(true);
              start();
            }
          }}
        >
          {label}
        </Button>
      }
    />
  );
}
