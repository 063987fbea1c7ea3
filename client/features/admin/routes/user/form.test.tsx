// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productMessage } from '@shared/errors/catalogue';
import { validationText } from '@shared/validation/messages';
import { LOCALES, openInApp, openPassword, Refusal, setUpClientTest } from '@tests/support/client-app';
import { internalUser, platform } from '@tests/support/client-fixtures';
import { choose, fill, fillAndLeave, settle, shown, submitForm } from '@tests/support/client-form';
import UserFormPage from './form';
import { texts } from './locale';

const MEMBER = internalUser({ createBy: 'p1', roles: [{ roleId: 7, roleName: 'Auditor' }] });
const uaa = setUpClientTest({
  platformListSource: ['p1'],
  platformList: { records: [platform()], total: 1 },
  roleList: { roles: [{ roleId: 7, roleName: 'Auditor', resName: 'users', roleDesc: '' }], totalCount: 1 },
  internalUserSearch: { users: [MEMBER], totalCount: 1 },
  registerCheck: (body: { item: string }) => ({ exist: body.item.startsWith('taken') }),
});

describe.each(LOCALES)('the internal-user form in %s', (lang) => {
  const t = texts[lang];
  const open = (url: string) => openInApp(<UserFormPage />, { url, lang, route: '/admin/user/:operate' });

  it('refuses an empty new user with the texts of spec §5', async () => {
    await open('/admin/user/create');
    await submitForm();
    expect(screen.getAllByText(productMessage('emailOrPhoneRequired', lang))).toHaveLength(2);
    expect(shown(validationText('passwordRequired', lang))).toBe(true);
    expect(shown(t.sourceRequired)).toBe(true);
    expect(uaa.callsOf('internalUserCreate')).toEqual([]);
  });

  it.each([
    [t.email, 'alice@', t.emailFormat],
    [t.phone, '12345678901', t.phoneFormat],
    [t.email, 'taken@example.com', t.emailTaken],
    [t.phone, 'taken', t.phoneFormat],
  ])('checks %s "%s" when it is left: %s', async (label, value, problem) => {
    await open('/admin/user/create');
    await fillAndLeave(label, value);
    expect(shown(problem)).toBe(true);
  });

  it('creates a user with the chosen source and role, the password encrypted', async () => {
    const { where } = await open('/admin/user/create');
    fill(t.email, 'bob@example.com');
    fill(t.password, 'Secret123');
    // Named for assistive technology, not only by the label's `for`.
    expect(screen.getByRole('combobox', { name: t.source })).toBeTruthy();
    await choose(t.source, 'Media');
    fireEvent.click(screen.getByRole('radio', { name: 'Auditor' }));
    fill(t.description, 'lab account');
    await submitForm();
    expect(uaa.callsOf('registerCheck').map((c) => c.body)).toEqual([
      { item: 'bob@example.com', type: 'email' },
    ]);
    const { body } = (await uaa.called('internalUserCreate')) as { body: Record<string, unknown> };
    expect(body).toMatchObject({
      email: 'bob@example.com',
      source: 'p1',
      status: 'ACTIVE',
      roleIds: [7],
      description: 'lab account',
    });
    expect(openPassword(body.password)).toEqual({ password: 'Secret123', scene: 'register' });
    expect(uaa.notified.success).toHaveBeenCalledWith(t.createdDone);
    expect(where.path).toBe(`/admin/user?lang=${lang}`);
  });

  it('saves an edit without a password, skipping the check of an unchanged e-mail', async () => {
    await open('/admin/user/edit?id=u1');
    fireEvent.click(screen.getByRole('switch', { name: t.status }));
    await submitForm();
    expect(uaa.callsOf('registerCheck')).toEqual([]);
    expect(uaa.callsOf('internalUserUpdate').map((c) => c.body)).toEqual([
      {
        ssoUid: 'u1',
        email: 'alice@example.com',
        phone: '13912345678',
        status: 'DISABLED',
        description: '',
        roleIds: [7],
      },
    ]);
  });

  it('saves a user whose phone public registration took (120…), unchanged', async () => {
    uaa.answer({ internalUserSearch: { users: [{ ...MEMBER, phone: '12012345678' }], totalCount: 1 } });
    await open('/admin/user/edit?id=u1');
    fireEvent.click(screen.getByRole('switch', { name: t.status }));
    await submitForm();
    expect(uaa.callsOf('internalUserUpdate').map((c) => c.body)).toEqual([
      expect.objectContaining({ ssoUid: 'u1', phone: '12012345678', status: 'DISABLED' }),
    ]);
  });

  it('checks a password only once "Change password" unlocks it', async () => {
    await open('/admin/user/edit?id=u1');
    expect((screen.getByLabelText(t.password) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: t.changePassword }));
    await settle();
    await submitForm();
    expect(shown(validationText('passwordRequired', lang))).toBe(true);
    expect(uaa.callsOf('internalUserUpdate')).toEqual([]);
  });

  it('shows a failed save with the spec text and the reason', async () => {
    uaa.answer({ internalUserUpdate: new Refusal('A0100', 'bad') });
    await open('/admin/user/edit?id=u1');
    await submitForm();
    expect(uaa.notified.error).toHaveBeenCalledWith(`${productMessage('updateFailed', lang)}: bad`);
  });

  it.each(['delete', 'edit'])(
    'goes back to the list for /admin/user/%s without a known user',
    async (operate) => {
      const { where } = await open(`/admin/user/${operate}?id=nobody`);
      // In the language the address named (issue 39).
      expect(where.path).toBe(`/admin/user?lang=${lang}`);
    },
  );
});
