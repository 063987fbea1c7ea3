// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@shared/contract/personal';
import { validationText } from '@shared/validation/messages';
import { LOCALES, openInApp, openPassword, setUpClientTest } from '@tests/support/client-app';
import { userInfo } from '@tests/support/client-fixtures';
import { fill, fillAndLeave, press, settle, shown } from '@tests/support/client-form';
import { texts as flowTexts } from '@client/features/account/components/contact-change.locale';
import { texts } from './locale';
import { PasswordChange } from './password-change';

const BOTH = userInfo();
const uaa = setUpClientTest();

describe.each(LOCALES)('the password change in %s', (lang) => {
  const t = texts[lang];
  const flow = flowTexts[lang];
  const open = async (user: UserInfo) => {
    const onDone = vi.fn();
    await openInApp(<PasswordChange user={user} onDone={onDone} onCancel={() => undefined} />, { lang });
    return onDone;
  };

  it('verifies through the e-mail when chosen (5.1.1), then sets the new password (5.1.2), encrypted', async () => {
    const onDone = await open(BOTH);
    fireEvent.click(screen.getByRole('radio', { name: flow.viaEmail }));
    await settle();
    await press(/Get code|获取验证码/);
    fill(flow.code, 'abc123');
    await press(t.next);
    expect(uaa.callsOf('messageCode').map((c) => c.body)).toEqual([
      { function: '5.1.1', message: 'email', item: BOTH.email },
    ]);
    expect(uaa.callsOf('messageCodeCheck').map((c) => c.body)).toEqual([
      { function: '5.1.1', message: 'email', item: BOTH.email, code: 'abc123' },
    ]);
    await fillAndLeave(t.newPassword, 'short');
    expect(shown(validationText('passwordRule', lang))).toBe(true);
    fill(t.newPassword, 'Secret123');
    fill(t.confirmPassword, 'Secret123');
    await press(t.submit);
    const body = (await uaa.called('passwordUpdate')).body as Record<string, string>;
    expect(body).toMatchObject({ function: '5.1.2', message: 'email', item: BOTH.email });
    expect(openPassword(body.password)).toEqual({ password: 'Secret123', scene: 'resetPassword' });
    expect(uaa.notified.success).toHaveBeenCalledWith(t.operationDone);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('verifies through the phone by default (5.2.1)', async () => {
    await open(BOTH);
    await press(/Get code|获取验证码/);
    expect(uaa.callsOf('messageCode').map((c) => c.body)).toEqual([
      { function: '5.2.1', message: 'phone', item: BOTH.phone },
    ]);
  });

  it('asks an account without a contact to bind one first', async () => {
    await open({ ...BOTH, phone: null, email: null });
    expect(shown(t.passwordNeedsContact)).toBe(true);
  });
});
