import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts({ show: 'Show password' }, { show: '显示密码' });
