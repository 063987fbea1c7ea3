import { PublicLayout } from '@client/components/layouts/public-layout';
import { NoPermission } from '@client/components/no-permission';

/** The no-permission page (spec §2, §4: shown on 403). */
export default function NoPermissionPage() {
  return (
    <PublicLayout>
      <NoPermission />
    </PublicLayout>
  );
}
