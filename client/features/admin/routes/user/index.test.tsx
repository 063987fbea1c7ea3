// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { format } from '@shared/i18n/define-texts';
import { LOCALES, openInApp, setUpClientTest } from '@tests/support/client-app';
import { internalUser } from '@tests/support/client-fixtures';
import { fill, settle, shown, submitForm } from '@tests/support/client-form';
import UserListPage from './index';
import { texts } from './locale';

const uaa = setUpClientTest({
  internalUserList: { users: [internalUser()], totalCount: 1 },
  internalUserSearch: { users: [], totalCount: 0 },
  platformListSource: [],
  platformList: { records: [], total: 0 },
});
/** Spec §2: the lists show 12 a page. */
const FIRST_PAGE = { pageNumber: 1, pageSize: 12 };

describe.each(LOCALES)('the internal-user list in %s', (lang) => {
  const t = texts[lang];
  const open = () => openInApp(<UserListPage />, { url: '/admin/user', lang });
  const listCalls = () =>
    uaa.calls.filter((c) => c.name.startsWith('internalUser')).map((c) => [c.name, c.body]);

  it('opens on the first page of 12 with the list call', async () => {
    await open();
    expect(listCalls()).toEqual([['internalUserList', FIRST_PAGE]]);
    expect(shown('alice@example.com')).toBe(true);
  });

  it('searches by the filters filled, trimmed, from the first page; the same search asks again', async () => {
    await open();
    fill(t.phone, ' 139 ');
    fill(t.email, '   ');
    await submitForm();
    expect(listCalls().slice(1)).toEqual([['internalUserSearch', { phone: '139', ...FIRST_PAGE }]]);
    await submitForm();
    expect(listCalls().slice(1)).toHaveLength(2);
  });

  it("switches a user's status at once (spec §4)", async () => {
    await open();
    fireEvent.click(screen.getByRole('switch', { name: format(t.statusOf, { user: 'alice' }) }));
    await settle();
    expect(uaa.callsOf('internalUserUpdate').map((c) => c.body)).toEqual([
      { ssoUid: 'u1', status: 'DISABLED' },
    ]);
    expect(uaa.notified.success).toHaveBeenCalledOnce();
  });

  it('shows a source no platform has as stored, nothing hidden or reordered in it', async () => {
    uaa.answer({
      internalUserList: { users: [internalUser({ createBy: '\u202eevil\u200b.example' })], totalCount: 1 },
    });
    await open();
    expect(shown('evil.example')).toBe(true);
    expect(document.body.textContent).not.toMatch(/[\u202e\u200b]/);
  });
});
