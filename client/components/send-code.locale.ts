import { defineTexts } from '@shared/i18n/define-texts';

/** What a code send says (use-send-code.tsx). */
export const texts = defineTexts({ codeSent: 'Code sent, please check' }, { codeSent: '发送成功，请查收' });
