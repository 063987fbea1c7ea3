import { Result } from '@arco-design/web-react';
import { productMessage } from '@shared/errors/catalogue';
import { useLocale } from '../../i18n/locale-context';

export function NoPermission() {
  const { locale } = useLocale();
  return <Result status="403" title={productMessage('noPermission', locale)} />;
}

export default NoPermission;
