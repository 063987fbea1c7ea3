import { Alert } from '@arco-design/web-react';
import { productMessage } from '@shared/errors/catalogue';
import { useLocale } from '../lib/i18n/locale-context';

/** The hint to open the page in Chrome or Edge, for the one in-app browser that needs it (spec §1). */
export function CompatWarning() {
  const { locale } = useLocale();
  return (
    <Alert
      className="compat-warning"
      type="warning"
      banner
      content={productMessage('browserCompat', locale)}
    />
  );
}
