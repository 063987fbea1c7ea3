import { Result } from '@arco-design/web-react';
import { productMessage } from '@shared/errors/catalogue';
import { PublicLayout } from '../../app/layouts/public-layout';
import { useLocale } from '../../i18n/locale-context';

/** The no-permission page (spec §2, §4: shown on 403). */
export default function NoPermissionPage() {
  const { locale } = useLocale();
  return (
    <PublicLayout>
      <Result status="403" title={productMessage('noPermission', locale)} />
    </PublicLayout>
  );
}
