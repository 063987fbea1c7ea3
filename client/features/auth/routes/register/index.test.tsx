// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HEADERS } from '@shared/api/envelope';
import { format } from '@shared/i18n/define-texts';
import { validationText, type ValidationCode } from '@shared/validation/messages';
import { LOCALES, openInApp, openPassword, Refusal, setUpClientTest } from '@tests/support/client-app';
import { agree, fill, fillAndLeave, press, shown } from '@tests/support/client-form';
import RegisterPage from './index';
import { texts } from './locale';

const uaa = setUpClientTest({ registerCheck: { exist: false }, usernameCheck: { exist: false } });

describe.each(LOCALES)('the register page in %s', (lang) => {
  const t = texts[lang];
  const text = (code: ValidationCode) => validationText(code, lang);
  const open = async (tab: 'email' | 'phone') => {
    await openInApp(<RegisterPage />, { url: '/register?source=cmg', lang });
    if (tab === 'phone') fireEvent.click(screen.getByRole('tab', { name: t.phoneTab }));
  };
  const fillPasswords = (password: string, confirm = password) => {
    fill(t.password, password);
    fill(t.confirm, confirm);
  };

  describe('by email (the default tab)', () => {
    it('checks each field when it is left, with the texts of spec §5', async () => {
      await open('email');
      const cases: [string, string, ValidationCode][] = [
        [t.username, '', 'usernameRequired'],
        [t.username, '1abc', 'usernameStart'],
        [t.username, 'ab_c', 'usernameEmailChars'],
        [t.email, 'not-an-email', 'emailInvalid'],
        [t.password, 'onlyletters', 'passwordRule'],
      ];
      for (const [label, value, code] of cases) {
        await fillAndLeave(label, value);
        expect(shown(text(code)), `${label} "${value}"`).toBe(true);
      }
      fill(t.password, 'Secret123');
      await fillAndLeave(t.confirm, 'Secret124');
      expect(shown(text('passwordMismatch'))).toBe(true);
    });

    it('says an e-mail has an account already, links to the login and refuses the submit', async () => {
      uaa.answer({ registerCheck: { exist: true } });
      await open('email');
      await fillAndLeave(t.email, 'taken@example.com');
      expect(uaa.callsOf('registerCheck').map((c) => c.body)).toEqual([
        { item: 'taken@example.com', type: 'email' },
      ]);
      const problem = screen.getByRole('alert');
      expect(problem.textContent).toBe(`${text('emailExists')} ${t.loginLink}`);
      expect(within(problem).getByRole('link').getAttribute('href')).toBe(`/login?source=cmg&lang=${lang}`);
      expect(screen.getByRole('button', { name: t.submit }).hasAttribute('disabled')).toBe(true);
    });

    it('registers with the password encrypted for registration, then says where the link went', async () => {
      await open('email');
      fill(t.username, 'alice-1');
      fill(t.email, 'alice@example.com');
      fillPasswords('Secret123');
      agree(lang);
      await press(t.submit);
      const register = await uaa.called('registerByEmail');
      const body = register.body as Record<string, string>;
      expect(body).toMatchObject({ username: 'alice-1', email: 'alice@example.com', source: 'cmg' });
      expect(openPassword(body.password)).toEqual({ password: 'Secret123', scene: 'register' });
      expect(register.headers[HEADERS.csrf]).toBe('1');
      expect(shown(format(t.emailSentBody, { email: 'alice@example.com' }))).toBe(true);
    });

    it('asks for the agreement first', async () => {
      await open('email');
      fill(t.username, 'alice-1');
      fill(t.email, 'alice@example.com');
      fillPasswords('Secret123');
      await press(t.submit);
      expect(shown(text('agreementRequired'))).toBe(true);
      expect(uaa.callsOf('registerByEmail')).toEqual([]);
    });
  });

  describe('by phone', () => {
    it.each([
      [{ exist: true }, 'usernameTaken'],
      [new Refusal('C0902', 'Sensitive information exists'), 'usernameSensitive'],
    ] as const)('asks the server about the username when it is left: %o gives %s', async (answer, code) => {
      uaa.answer({ usernameCheck: answer });
      await open('phone');
      await fillAndLeave(t.username, 'alice');
      expect(uaa.callsOf('usernameCheck').map((c) => c.body)).toEqual([{ username: 'alice' }]);
      expect(shown(text(code))).toBe(true);
      expect(screen.getByRole('button', { name: t.submit }).hasAttribute('disabled')).toBe(true);
    });

    it('sends the registration code to a valid phone only', async () => {
      await open('phone');
      fill(t.phone, '1391234');
      await press(/Get code|获取验证码/);
      expect(uaa.callsOf('registerSmsCode')).toEqual([]);
      fill(t.phone, '13912345678');
      await press(/Get code|获取验证码/);
      expect(uaa.callsOf('registerSmsCode').map((c) => c.body)).toEqual([{ phone: '13912345678' }]);
    });

    it('registers after the username check, then says it is done', async () => {
      await open('phone');
      fill(t.username, 'alice');
      fill(t.phone, '13912345678');
      fill(t.code, '123456');
      fillPasswords('Secret123');
      agree(lang);
      await press(t.submit);
      expect(uaa.calls.map((c) => c.name)).toEqual(['usernameCheck', 'registerByPhone']);
      const body = (await uaa.called('registerByPhone')).body as Record<string, string>;
      expect(body).toMatchObject({ username: 'alice', phone: '13912345678', code: '123456', source: 'cmg' });
      expect(openPassword(body.password)).toEqual({ password: 'Secret123', scene: 'register' });
      expect(shown(t.phoneDoneTitle)).toBe(true);
    });
  });
});
