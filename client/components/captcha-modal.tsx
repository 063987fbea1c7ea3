/**
 * The human-verification dialogue itself (spec §2: titled "Authentication", width 358), loaded
 * on demand by useCaptcha: Arco's Modal and its focus lock are 10 KB gzip the login page does
 * not need until a code is sent or a password submitted.
 */
import { Button, Modal } from '@arco-design/web-react';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import type { CaptchaResult } from '@shared/api/envelope';
import { defineTexts } from '@shared/i18n/define-texts';
import { useTexts } from '../lib/i18n/use-texts';

export const CAPTCHA_DIALOG_WIDTH = 358;

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

/** The local provider asks for one click and yields the value the local UAA accepts. */
export function CaptchaModal({
  visible,
  onSettle,
}: {
  visible: boolean;
  onSettle(result: CaptchaResult | null): void;
}) {
  const t = useTexts(texts);
  return (
    <Modal
      title={t.title}
      visible={visible}
      footer={null}
      style={{ width: CAPTCHA_DIALOG_WIDTH }}
      onCancel={() => onSettle(null)}
      unmountOnExit
    >
      <p className="captcha-prompt">{t.prompt}</p>
      <Button
        type="primary"
        long
        onClick={() =>
          onSettle({ captchaVerifyParam: LOCAL_CAPTCHA_PASS, sceneId: 'local', prefix: 'local' })
        }
      >
        {t.verify}
      </Button>
    </Modal>
  );
}
