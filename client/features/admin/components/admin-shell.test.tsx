// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productMessage } from '@shared/errors/catalogue';
import { setPermitted } from '@client/lib/api/session-events';
import { Refusal, renderInApp, setUpClientTest } from '@tests/support/client-app';
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

  it("shows a page it may open when a lookup beside it is refused (403 on the platforms' names)", async () => {
    setPermitted(true);
    uaa.answer({
      userResList: ['users'],
      internalUserList: { users: [internalUser({ email: 'row@example.com' })], totalCount: 1 },
      platformList: new Refusal('A0201', 'no platforms module', 403),
    });
    renderInApp(<AdminShell />, { url: '/admin/user', route: '/admin/*' });
    await waitFor(() => expect(uaa.callsOf('platformList').length).toBeGreaterThan(0), { timeout: 8000 });
    await settle();
    expect(shown(productMessage('noPermission', 'en-US'))).toBe(false);
    expect(shown('row@example.com')).toBe(true);
  });
});
