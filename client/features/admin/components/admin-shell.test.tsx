// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productMessage } from '@shared/errors/catalogue';
import { renderInApp, setUpClientTest } from '@tests/support/client-app';
import { internalUser, userInfo } from '@tests/support/client-fixtures';
import { settle, shown } from '@tests/support/client-form';
import { AdminShell } from './admin-shell';

const uaa = setUpClientTest({
  userInfo: userInfo({ ssoUid: 'me' }),
  internalUserList: { users: [internalUser()], totalCount: 1 },
  platformList: { records: [], total: 0 },
  platformListSource: [],
});

describe('the back office shell', () => {
  it('offers the modules it knows and leaves out one it does not (a module added upstream)', async () => {
    uaa.answer({ userResList: ['users', 'platforms', 'audit'] });
    renderInApp(<AdminShell />, { url: '/admin/user', route: '/admin/*' });
    await waitFor(() => expect(document.querySelector('.admin-loading')).toBeNull(), { timeout: 8000 });
    await settle();
    expect(shown(productMessage('noPermission', 'en-US'))).toBe(false);
    expect(document.querySelectorAll('.admin-sider .arco-menu-item')).toHaveLength(2);
    expect(uaa.notified.error).not.toHaveBeenCalled();
  });
});
