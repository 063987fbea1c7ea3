import { defineTexts } from '@shared/i18n/define-texts';

/** What the app says in Arco's components, where Arco's own texts have no word for it (providers.tsx). */
export const arcoTexts = defineTexts({ close: 'Close' }, { close: '关闭' });
