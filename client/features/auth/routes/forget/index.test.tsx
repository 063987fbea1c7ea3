// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { format } from '@shared/i18n/define-texts';
import { validationText, type ValidationCode } from '@shared/validation/messages';
import { LOCALES, openInApp, openPassword, Refusal, setUpClientTest } from '@tests/support/client-app';
import { fill, fillAndLeave, press, shown } from '@tests/support/client-form';
import { AUTO_REDIRECT_S } from '@client/features/auth/hooks/use-auto-redirect';
import ForgetPage from './index';
import { texts } from './locale';

const uaa = setUpClientTest({ registerCheck: { exist: true } });
const GET_CODE = /Get code|获取验证码/;

describe.each(LOCALES)('the forgot-password page in %s', (lang) => {
  const t = texts[lang];
  const text = (code: ValidationCode) => validationText(code, lang);
  const open = async (channel: 'phone' | 'email' = 'phone') => {
    await openInApp(<ForgetPage />, { url: '/forget', lang });
    if (channel === 'email') fireEvent.click(screen.getByRole('tab', { name: t.emailTab }));
  };

  it('says a phone has no account when the field is left, and sends it no code', async () => {
    uaa.answer({ registerCheck: { exist: false } });
    await open();
    await fillAndLeave(t.phone, '13912345678');
    expect(uaa.callsOf('registerCheck').map((c) => c.body)).toEqual([{ item: '13912345678', type: 'phone' }]);
    expect(shown(text('phoneNotRegistered'))).toBe(true);
    await press(GET_CODE);
    expect(uaa.callsOf('passwordForget')).toEqual([]);
  });

  it.each([
    ['an e-mail of no account', { exist: false }, 'emailNotRegistered'],
    ['a malformed e-mail', { exist: true }, 'emailInvalid'],
  ] as const)('on the e-mail tab, refuses %s', async (_, answer, code) => {
    uaa.answer({ registerCheck: answer });
    await open('email');
    await fillAndLeave(t.email, code === 'emailInvalid' ? 'a@b' : 'nobody@example.com');
    expect(shown(text(code))).toBe(true);
  });

  it('ignores an existence check that fails (spec §5) and sends the code', async () => {
    uaa.answer({ registerCheck: new Refusal('A0301', 'Too many requests', 429) });
    await open('email');
    await fillAndLeave(t.email, 'a@example.com');
    await press(GET_CODE);
    expect(uaa.callsOf('passwordForget').map((c) => c.body)).toEqual([
      { type: 'email', item: 'a@example.com' },
    ]);
  });

  it('words a mismatched confirmation as the reset page does', async () => {
    await open();
    fill(t.password, 'Secret123');
    await fillAndLeave(t.confirm, 'Secret321');
    expect(shown(text('resetMismatch'))).toBe(true);
  });

  it('resets the password, encrypted for the reset scene, then counts down to the login', async () => {
    await open();
    await fillAndLeave(t.phone, '13912345678');
    fill(t.code, '123456');
    fill(t.password, 'Secret123');
    fill(t.confirm, 'Secret123');
    await press(t.submit);
    const body = (await uaa.called('passwordReset')).body as Record<string, string>;
    expect(body).toMatchObject({ type: 'phone', item: '13912345678', code: '123456' });
    expect(openPassword(body.password)).toEqual({ password: 'Secret123', scene: 'resetPassword' });
    expect(shown(t.doneTitle)).toBe(true);
    expect(shown(format(t.doneBody, { s: AUTO_REDIRECT_S }))).toBe(true);
    expect(screen.getByRole('link', { name: t.loginNow }).getAttribute('href')).toBe(`/login?lang=${lang}`);
  });
});
