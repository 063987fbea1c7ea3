/**
 * Human verification (spec §2: a dialogue titled "Authentication", width 358). The local
 * provider asks for one click and yields the value the local UAA accepts; the vendor provider
 * plugs in here in production builds.
 */
import { Button, Modal } from '@arco-design/web-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import type { CaptchaResult } from '@shared/api/types';
import { defineTexts, useTexts } from '../i18n/define-texts';

export const CAPTCHA_DIALOG_WIDTH = 358;
export const CAPTCHA_TIMEOUT_MS = 10_000;

const texts = defineTexts(
  {
    title: 'Authentication',
    prompt: 'Please confirm that you are a person to continue.',
    verify: 'I am human, verify',
  },
  {
    title: '身份验证',
    prompt: '请确认您不是机器人以继续操作。',
    verify: '我是真人，点击验证',
  },
);

export function useCaptcha(): { verify(): Promise<CaptchaResult | null>; dialog: ReactNode } {
  const t = useTexts(texts);
  const [visible, setVisible] = useState(false);
  const resolver = useRef<((result: CaptchaResult | null) => void) | undefined>(undefined);

  const settle = useCallback((result: CaptchaResult | null) => {
    resolver.current?.(result);
    resolver.current = undefined;
    setVisible(false);
  }, []);

  const verify = useCallback(() => {
    resolver.current?.(null);
    setVisible(true);
    return new Promise<CaptchaResult | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <Modal
      title={t.title}
      visible={visible}
      footer={null}
      style={{ width: CAPTCHA_DIALOG_WIDTH }}
      onCancel={() => settle(null)}
      unmountOnExit
    >
      <p className="captcha-prompt">{t.prompt}</p>
      <Button
        type="primary"
        long
        onClick={() => settle({ captchaVerifyParam: LOCAL_CAPTCHA_PASS, sceneId: 'local', prefix: 'local' })}
      >
        {t.verify}
      </Button>
    </Modal>
  );
  return { verify, dialog };
}
