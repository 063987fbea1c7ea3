// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HEADERS, LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { productMessage } from '@shared/errors/catalogue';
import { format } from '@shared/i18n/define-texts';
import { validationText } from '@shared/validation/messages';
import { LOCALES, openInApp, openPassword, Refusal, setUpClientTest } from '@tests/support/client-app';
import { agree, fill, fillAndLeave, press, settle, shown } from '@tests/support/client-form';
import LoginPage from './index';
import { texts } from './locale';

const uaa = setUpClientTest({ loginByPhone: { data: { username: 'alice' } } });

/** The human check the password login and the code send ask for (the local provider: one click). */
async function passCaptcha(): Promise<void> {
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /verify|验证/ }));
  await settle();
}

describe.each(LOCALES)('the login page in %s', (lang) => {
  const t = texts[lang];
  const text = (code: Parameters<typeof validationText>[0]) => validationText(code, lang);
  const open = (url = '/login', tab?: 'password') => openInApp(<LoginPage initialTab={tab} />, { url, lang });
  /** Signs in on the password tab, the agreement ticked and the human check passed. */
  const passwordLogin = async (account: string, password: string) => {
    await open('/login', 'password');
    fill(t.account, account);
    fill(t.password, password);
    agree(lang);
    await press(t.submit);
    await passCaptcha();
  };

  it('refuses an empty SMS form with the texts of spec §5, and sends nothing', async () => {
    await open();
    await press(t.submit);
    expect(shown(text('phoneRequired'))).toBe(true);
    expect(shown(text('codeRequired'))).toBe(true);
    expect(uaa.notified.error).toHaveBeenCalledWith(productMessage('formInvalid', lang));
    expect(uaa.callsOf('loginByPhone')).toEqual([]);
  });

  it('says a phone number is invalid when the field is left, and sends it no code', async () => {
    await open();
    await fillAndLeave(t.phone, '12345');
    expect(shown(text('phoneInvalid'))).toBe(true);
    await press(/Get code|获取验证码/);
    expect(uaa.callsOf('loginSmsCode')).toEqual([]);
  });

  it('sends the login code after the human check, with its headers', async () => {
    await open();
    fill(t.phone, '13912345678');
    await press(/Get code|获取验证码/);
    await passCaptcha();
    const [send] = uaa.callsOf('loginSmsCode');
    expect(send?.body).toEqual({ phone: '13912345678' });
    expect(send?.headers[HEADERS.captchaVerifyParam]).toBe(LOCAL_CAPTCHA_PASS);
  });

  it('asks for the agreement before an SMS login', async () => {
    await open();
    fill(t.phone, '13912345678');
    fill(t.code, '123456');
    await press(t.submit);
    expect(screen.getByRole('alert').textContent).toBe(text('agreementRequired'));
    expect(uaa.callsOf('loginByPhone')).toEqual([]);
  });

  it("logs in by SMS with the query's source and clientId, then opens the user centre", async () => {
    const { where } = await open('/login?source=cmg&clientId=c1');
    fill(t.phone, '13912345678');
    fill(t.code, '123456');
    agree(lang);
    fireEvent.click(screen.getByRole('checkbox', { name: format(t.autoLogin, { days: 14 }) }));
    await press(t.submit);
    const [login] = uaa.callsOf('loginByPhone');
    expect(login?.body).toEqual({
      phone: '13912345678',
      code: '123456',
      autoLogin: true,
      source: 'cmg',
      clientId: 'c1',
    });
    expect(login?.headers[HEADERS.csrf]).toBe('1');
    expect(login?.headers[HEADERS.lang]).toBe(lang);
    expect(where.path).toBe('/usercenter');
  });

  it('sends an account without a username on the main platform to the username page', async () => {
    uaa.answer({ loginByPhone: { data: { username: null } } });
    const { where } = await open();
    fill(t.phone, '13912345678');
    fill(t.code, '123456');
    agree(lang);
    await press(t.submit);
    expect(where.path).toBe(`/username?lang=${lang}`);
  });

  it('refuses an empty password form with the texts of spec §5', async () => {
    await open('/login', 'password');
    await press(t.submit);
    expect(shown(text('accountRequired'))).toBe(true);
    expect(shown(text('passwordRequired'))).toBe(true);
    expect(uaa.callsOf('loginByAccount')).toEqual([]);
  });

  it('logs in by password after the human check, the password encrypted for the login scene', async () => {
    await passwordLogin('alice', 'Secret123');
    const login = await uaa.called('loginByAccount');
    const body = login.body as { account: string; password: string; autoLogin: boolean };
    expect(body).toMatchObject({ account: 'alice', autoLogin: false });
    expect(openPassword(body.password)).toEqual({ password: 'Secret123', scene: 'login' });
    expect(login.headers[HEADERS.captchaVerifyParam]).toBe(LOCAL_CAPTCHA_PASS);
  });

  it('tells an account awaiting activation (A0201) how to get a new link', async () => {
    uaa.answer({ loginByAccount: new Refusal('A0201', 'access denied', 403) });
    await passwordLogin('a@example.com', 'Secret123');
    await waitFor(() => expect(shown(t.notActivatedHint)).toBe(true));
  });

  it('opens on the password tab for a visitor in Hong Kong (spec §2)', async () => {
    uaa.answer({ locationInfo: { overseas: false, city: 'Hong Kong' } });
    await open();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(t.passwordTab);
  });
});
