import { productMessage } from '@shared/errors/catalogue';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { NoPermission } from '@client/components/no-permission';
import { useLocale } from '@client/lib/i18n/locale-context';

/** The no-permission page (spec §2, §4: shown on 403), named for what it says. */
export default function NoPermissionPage() {
  const { locale } = useLocale();
  return (
    <PublicLayout pageName={productMessage('noPermission', locale)}>
      <NoPermission />
    </PublicLayout>
  );
}
