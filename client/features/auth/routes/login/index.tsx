import { Button, Checkbox, Input } from '@arco-design/web-react';
import { PasswordInput } from '@client/components/password-input';
import { Tabs } from '@client/components/tabs';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { LoginReply } from '@shared/contract/login';
import { checkAccount, checkCode, checkLoginPassword, checkPhone } from '@shared/validation/rules';
import { plainCode, plainPhone } from '@shared/validation/canonical';
import { sessionExpired } from '@client/lib/api/session-events';
import { locationInfo, loginByAccount, loginByPhone } from '@client/features/auth/api';
import { useAfterLogin } from '@client/lib/hooks/use-after-login';
import { useTabInAddress } from '@client/lib/hooks/use-tab-in-address';
import { useBrand } from '@client/lib/brand';
import { PublicLayout } from '@client/components/layouts/public-layout';
import {
  useTickedBeforeHydration,
  useTypedBeforeHydration,
} from '@client/features/auth/hooks/use-typed-before-hydration';
import { ThirdPartyLogins } from '@client/features/auth/components/third-party-logins';
import { useAgreement } from '@client/features/auth/components/agreement';
import { useCaptcha } from '@client/components/captcha-dialog';
import { useSendCode } from '@client/components/use-send-code';
import { useSubmit } from '@client/lib/hooks/use-submit';
import { notify } from '@client/lib/notify';
import { format } from '@shared/i18n/define-texts';
import { CodeInput } from '@client/components/code-input';
import { FieldFormElement, FormField, useFieldForm } from '@client/components/field-form';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useLocale } from '@client/lib/i18n/locale-context';
import { productMessage } from '@shared/errors/catalogue';
import { texts } from './locale';
import { PAGE_TABS, ROUTES } from '@shared/routes';

const TABS = PAGE_TABS[ROUTES.login];
type Tab = (typeof TABS)[number];
const OVERSEAS_CITIES = /hong\s*kong|taiwan|macau|macao|香港|台湾|澳门/i;

export default function LoginPage({
  initialTab,
  stayAfterLogin = false,
}: {
  initialTab?: Tab;
  /** The page holding the form shows what comes next itself (the widget's set-phone entrance). */
  stayAfterLogin?: boolean;
} = {}) {
  const t = useTexts(texts);
  const { locale } = useLocale();
  const location = useLocation();
  const captcha = useCaptcha();
  const code = useSendCode('login');
  const brand = useBrand();
  // The tab the address names (`?tab=password`), else the entrance's, else the SMS tab or, for
  // visitors abroad, the password tab.
  const address = useTabInAddress(TABS);
  const [firstTab, setFirstTab] = useState<Tab>(initialTab ?? 'sms');
  const tab = address.chosen ?? firstTab;
  const agreement = useAgreement();
  const [autoLogin, setAutoLogin] = useState(false);
  // A0201 refuses an account awaiting activation (or a disabled one): no call asks the UAA for a
  // new activation e-mail (spec §7), so the page says what the visitor can do instead.
  const [refused, setRefused] = useState(false);
  const { submitting, run } = useSubmit({ handlers: { A0201: () => setRefused(true) } });
  // Sent here by a session that ended mid-task: say so (a page loaded afresh has nothing to say,
  // as the prerendered one it takes over).
  const [expired] = useState(sessionExpired);
  // Arco's Form is too heavy for this page (ADR 0005): the app's own, with Arco's look.
  const smsForm = useFieldForm(
    'login-sms',
    { phone: '', code: '' },
    { phone: (v) => checkPhone(v), code: (v) => checkCode(v, 'phone') },
  );
  const passwordForm = useFieldForm(
    'login-password',
    { account: '', password: '' },
    { account: checkAccount, password: checkLoginPassword },
  );
  // What a visitor typed into the prerendered page before the script arrived.
  useTypedBeforeHydration(smsForm, 'login-sms');
  useTypedBeforeHydration(passwordForm, 'login-password');
  const autoLoginTicked = useTickedBeforeHydration(setAutoLogin);

  // Visitors abroad or in Hong Kong, Taiwan and Macau get the password tab first (spec §2); a
  // tab the address names, or one chosen since, is shown whatever comes of it.
  useEffect(() => {
    let live = true;
    void locationInfo().then((info) => {
      const abroad = info && (info.overseas || OVERSEAS_CITIES.test(info.city ?? ''));
      if (live && abroad && initialTab === undefined) setFirstTab('password');
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival
  }, []);

  const afterLogin = useAfterLogin();
  const finish = (reply: LoginReply) =>
    afterLogin(reply, location.search, { handOver: () => stayAfterLogin });

  const sendCode = () =>
    code.send({ phone: smsForm.getFieldValue('phone') }, () => smsForm.validate(['phone']));

  const formInvalid = () => notify.error(productMessage('formInvalid', locale));

  async function submitSms(values: { phone: string; code: string }): Promise<void> {
    if (!agreement.require()) return;
    await run(async () => {
      const params = new URLSearchParams(location.search);
      const reply = await loginByPhone({
        phone: values.phone,
        code: values.code,
        autoLogin,
        source: params.get('source') ?? undefined,
        clientId: params.get('clientId') ?? undefined,
      });
      await finish(reply);
    });
  }

  async function submitPassword(values: { account: string; password: string }): Promise<void> {
    if (!agreement.require()) return;
    const result = await captcha.verify();
    if (!result) return;
    setRefused(false);
    await run(async () => finish(await loginByAccount({ ...values, autoLogin }, result)));
  }

  const common = (
    <>
      {agreement.element}
      <Checkbox ref={autoLoginTicked} checked={autoLogin} onChange={(v: boolean) => setAutoLogin(v)}>
        {format(t.autoLogin, { days: brand.autoLoginDays })}
      </Checkbox>
    </>
  );
  const links = (
    <div className="form-links">
      <RouterLink to={`${brand.route('forget')}${address.search}`}>{t.forgot}</RouterLink>
      <span>
        {t.noAccount} <RouterLink to={`${brand.route('register')}${address.search}`}>{t.register}</RouterLink>
      </span>
    </div>
  );

  return (
    <PublicLayout title={t.title}>
      {expired ? (
        <p role="alert" className="form-notice">
          {productMessage('identityExpired', locale)}
        </p>
      ) : null}
      <Tabs activeTab={tab} onChange={(key) => address.choose(key as Tab)} hrefOf={address.hrefOf}>
        <Tabs.TabPane key="sms" title={t.smsTab}>
          <FieldFormElement
            form={smsForm}
            // Before the script takes the prerendered page over, Enter would submit the form to the
            // browser, reload /login and lose what was typed; a dialog form outside a dialog goes
            // nowhere. Once taken over, the form's own handler submits it.
            method="dialog"
            onFocus={captcha.preload}
            onSubmit={submitSms}
            onSubmitFailed={formInvalid}
            autoComplete="on"
          >
            <FormField form={smsForm} name="phone" label={t.phone} normalize={plainPhone}>
              <Input placeholder={t.phonePlaceholder} autoComplete="tel" inputMode="tel" />
            </FormField>
            <FormField form={smsForm} name="code" label={t.code} normalize={plainCode}>
              <CodeInput placeholder={t.codePlaceholder} onSend={sendCode} />
            </FormField>
            {code.limited && (
              // A shared address (a lab, a campus) may be refused codes for a while: a way in
              // that needs none.
              <p className="form-hint" role="status">
                {t.codesRefused}{' '}
                <button type="button" className="link-button" onClick={() => address.choose('password')}>
                  {t.usePassword}
                </button>
              </p>
            )}
            {common}
            <Button type="primary" htmlType="submit" long loading={submitting} className="submit">
              {submitting ? t.submitting : t.submit}
            </Button>
          </FieldFormElement>
        </Tabs.TabPane>
        <Tabs.TabPane key="password" title={t.passwordTab}>
          <FieldFormElement
            form={passwordForm}
            method="dialog"
            onFocus={captcha.preload}
            onSubmit={submitPassword}
            onSubmitFailed={formInvalid}
            autoComplete="on"
          >
            <FormField form={passwordForm} name="account" label={t.account}>
              <Input placeholder={t.accountPlaceholder} autoComplete="username" />
            </FormField>
            <FormField form={passwordForm} name="password" label={t.password}>
              <PasswordInput placeholder={t.passwordPlaceholder} autoComplete="current-password" />
            </FormField>
            {common}
            <Button type="primary" htmlType="submit" long loading={submitting} className="submit">
              {submitting ? t.submitting : t.submit}
            </Button>
            {refused ? (
              <p className="form-notice form-notice-after" role="status">
                {t.notActivatedHint}{' '}
                <RouterLink to={`${brand.route('register')}${address.search}`}>{t.registerAgain}</RouterLink>
              </p>
            ) : null}
          </FieldFormElement>
        </Tabs.TabPane>
      </Tabs>
      {links}
      <ThirdPartyLogins />
      {captcha.dialog}
      {code.dialog}
    </PublicLayout>
  );
}
