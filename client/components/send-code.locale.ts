import { defineTexts } from '@shared/i18n/define-texts';

/** What a code send says (use-send-code.tsx). */
export const texts = defineTexts(
  { codeSent: 'Code sent, please check', earlierCodeWorks: 'The code sent earlier still works: enter it.' },
  { codeSent: '发送成功，请查收', earlierCodeWorks: '之前发送的验证码仍然有效，请直接输入。' },
);
