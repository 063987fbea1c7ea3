// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@shared/contract/personal';
import { validationText, type ValidationCode } from '@shared/validation/messages';
import { LOCALES, openInApp, openPassword, Refusal, setUpClientTest } from '@tests/support/client-app';
import { fill, fillAndLeave, press, shown } from '@tests/support/client-form';
import { texts } from '@client/features/account/components/contact-change.locale';
import SetPhonePage from './index';

const CURRENT = '13912345678';
const NEW = '13700000000';
let user: Partial<UserInfo>;
const uaa = setUpClientTest({ userInfo: () => user, itemCheck: false });
const GET_CODE = /Get code|获取验证码|Resend|重新发送/;

describe.each(LOCALES)('/setphone in %s', (lang) => {
  const t = texts[lang];
  const text = (code: ValidationCode) => validationText(code, lang);
  const open = () => openInApp(<SetPhonePage />, { url: '/setphone', lang });

  describe('for an account with a phone (functions 2.1.1, then 2.1.2)', () => {
    beforeEach(() => {
      user = { ssoUid: 'u1', username: 'alice', phone: CURRENT, email: null };
    });

    /** Step 0: a code to the current phone, checked. */
    async function verifyCurrent(): Promise<void> {
      await press(GET_CODE);
      fill(t.code, '111111');
      await press(t.next);
    }

    it('verifies the current phone by a code first, and needs the code', async () => {
      await open();
      expect(screen.getByRole('heading', { name: t.changePhone })).toBeTruthy();
      await press(t.next);
      expect(shown(text('codeRequired'))).toBe(true);
      expect(uaa.callsOf('messageCodeCheck')).toEqual([]);
      await verifyCurrent();
      expect(uaa.callsOf('messageCode').map((c) => c.body)).toEqual([
        { function: '2.1.1', message: 'phone', item: CURRENT },
      ]);
      expect(uaa.callsOf('messageCodeCheck').map((c) => c.body)).toEqual([
        { function: '2.1.1', message: 'phone', item: CURRENT, code: '111111' },
      ]);
      expect(screen.getByLabelText(t.newPhone)).toBeTruthy();
    });

    it.each([
      ['the current phone', CURRENT, false, 'newContactRequired'],
      ['a phone of another account', NEW, true, 'phoneExists'],
      ['a malformed phone', '1234', false, 'phoneInvalid'],
    ] as const)('refuses %s as the new one, and sends it no code', async (_, phone, inUse, code) => {
      uaa.answer({ itemCheck: inUse });
      await open();
      await verifyCurrent();
      await fillAndLeave(t.newPhone, phone);
      expect(shown(text(code))).toBe(true);
      // /setphone explains what to do with a phone another account holds.
      expect(shown(t.takenHint)).toBe(code === 'phoneExists');
      await press(GET_CODE);
      expect(uaa.callsOf('messageCode')).toHaveLength(1);
    });

    it('sends no code when the check cannot say whether the phone is free', async () => {
      uaa.answer({ itemCheck: new Refusal('A0301', 'Too many requests', 429) });
      await open();
      await verifyCurrent();
      fill(t.newPhone, NEW);
      await press(GET_CODE);
      expect(shown(text('contactCheckFailed'))).toBe(true);
      expect(uaa.callsOf('messageCode')).toHaveLength(1);
    });

    it('binds a free new phone with its code, says so and goes to the user centre', async () => {
      const { where } = await open();
      await verifyCurrent();
      fill(t.newPhone, NEW);
      await press(GET_CODE);
      fill(t.code, '222222');
      await press(t.submit);
      expect(uaa.callsOf('itemCheck').map((c) => c.body)).toContainEqual({ message: 'phone', item: NEW });
      expect(uaa.callsOf('messageCode').map((c) => c.body)).toContainEqual({
        function: '2.1.2',
        message: 'phone',
        item: NEW,
      });
      expect(uaa.callsOf('mobileBind').map((c) => c.body)).toEqual([
        { function: '2.1.2', phone: NEW, code: '222222' },
      ]);
      expect(uaa.notified.success).toHaveBeenCalledWith(t.phoneSet);
      expect(where.path).toBe('/usercenter');
    });
  });

  describe('for an account with no contact (functions 1.2.1, then 1.2.2)', () => {
    beforeEach(() => {
      user = { ssoUid: 'u2', username: 'bob', phone: null, email: null };
    });

    it('takes the new phone and its code, then a password, encrypted', async () => {
      await open();
      expect(screen.getByRole('heading', { name: t.bindPhone })).toBeTruthy();
      fill(t.newPhone, NEW);
      await press(GET_CODE);
      fill(t.code, '333333');
      await press(t.next);
      expect(shown(t.setPasswordHint)).toBe(true);
      fill(t.newPassword, 'Secret123');
      await fillAndLeave(t.confirmPassword, 'Secret12');
      expect(shown(text('passwordMismatch'))).toBe(true);
      fill(t.confirmPassword, 'Secret123');
      await press(t.submit);
      expect(uaa.callsOf('messageCode').map((c) => c.body)).toEqual([
        { function: '1.2.1', message: 'phone', item: NEW },
      ]);
      const body = (await uaa.called('mobileBind')).body as Record<string, string>;
      expect(body).toMatchObject({ function: '1.2.2', phone: NEW, code: '333333' });
      expect(openPassword(body.password)).toEqual({ password: 'Secret123', scene: 'resetPassword' });
    });
  });
});
