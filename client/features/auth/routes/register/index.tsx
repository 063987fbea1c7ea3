import { Button, Form, Input } from '@arco-design/web-react';
import { CheckedForm, FormItem } from '@client/components/checked-form';
import { NewPasswordFields } from '@client/components/new-password-fields';
import { useSendCode } from '@client/components/use-send-code';
import { useSubmit } from '@client/lib/hooks/use-submit';
import { Tabs } from '@client/components/tabs';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { checkEmail, checkEmailTabUsername, checkPhone, checkUsername } from '@shared/validation/rules';
import { format } from '@shared/i18n/define-texts';
import { itemExists } from '@client/lib/api/account';
import { registerByEmail, registerByPhone } from '@client/features/auth/api';
import { useBrand } from '@client/lib/brand';
import { useTabInAddress } from '@client/lib/hooks/use-tab-in-address';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { useAutoRedirect } from '@client/features/auth/hooks/use-auto-redirect';
import { useTypedBeforeHydration } from '@client/features/auth/hooks/use-typed-before-hydration';
import { useUsernameCheck } from '@client/features/auth/hooks/use-username-check';
import { useAgreement } from '@client/features/auth/components/agreement';
import { phoneValue, useProblemProps, useRule } from '@client/components/form-rules';
import { CodeField } from '@client/components/code-field';
import { ResultLink, ResultPanel } from '@client/components/result-panel';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import { PAGE_TABS, ROUTES } from '@shared/routes';

const TABS = PAGE_TABS[ROUTES.register];
type Tab = (typeof TABS)[number];
interface EmailValues {
  username: string;
  email: string;
  password: string;
  confirm: string;
}
interface PhoneValues {
  username: string;
  phone: string;
  code: string;
  password: string;
  confirm: string;
}

export default function RegisterPage({ initialDone }: { initialDone?: { kind: Tab; email?: string } } = {}) {
  const t = useTexts(texts);
  const rule = useRule();
  const problemProps = useProblemProps();
  const location = useLocation();
  const address = useTabInAddress(TABS);
  const tab = address.chosen ?? 'email';
  const agreement = useAgreement();
  const { submitting, run } = useSubmit();
  const code = useSendCode('register');
  const [done, setDone] = useState<{ kind: Tab; email?: string } | null>(initialDone ?? null);
  const [exists, setExists] = useState<{ email?: boolean; phone?: boolean }>({});
  // The phone tab's username is checked with the server on blur, before a code is spent (spec §5).
  const username = useUsernameCheck();
  const [emailForm] = Form.useForm<EmailValues>();
  const [phoneForm] = Form.useForm<PhoneValues>();
  // What a visitor typed into the prerendered page before the script arrived.
  useTypedBeforeHydration(emailForm, 'register-email');
  useTypedBeforeHydration(phoneForm, 'register-phone');
  const source = new URLSearchParams(location.search).get('source') ?? undefined;
  const brand = useBrand();
  const loginHref = `${brand.route('login')}${address.search}`;
  // The branded variant returns to its login after a visible 10 s countdown (spec §2).
  const left = useAutoRedirect(brand.branded && done !== null, loginHref);

  async function checkExists(kind: 'email' | 'phone', value: string, valid: boolean): Promise<void> {
    if (!valid) return setExists((e) => ({ ...e, [kind]: false }));
    const found = await itemExists({ item: value, type: kind });
    setExists((e) => ({ ...e, [kind]: found === true }));
  }

  /** An e-mail or phone that has an account already: say so, with the way to log in. */
  const existsProps = (kind: 'email' | 'phone') =>
    problemProps(
      exists[kind] ? (kind === 'email' ? 'emailExists' : 'phoneExists') : null,
      <RouterLink to={loginHref}>{t.loginLink}</RouterLink>,
    );

  async function submitEmail(values: EmailValues): Promise<void> {
    if (!agreement.require()) return;
    await run(async () => {
      await registerByEmail({
        username: values.username,
        email: values.email,
        password: values.password,
        source,
      });
      setDone({ kind: 'email', email: values.email });
    });
  }

  const sendCode = () =>
    code.send({ phone: phoneForm.getFieldValue('phone') }, () => phoneForm.validate(['phone']));

  async function submitPhone(values: PhoneValues): Promise<void> {
    if (!agreement.require()) return;
    await run(async () => {
      if (!(await username.verify(values.username))) return;
      await registerByPhone({
        username: values.username,
        phone: values.phone,
        code: values.code,
        password: values.password,
        source,
      });
      setDone({ kind: 'phone' });
    });
  }

  if (done) {
    const title = done.kind === 'email' ? t.emailSentTitle : t.phoneDoneTitle;
    return (
      <PublicLayout pageName={title}>
        <ResultPanel
          status="success"
          // After a submit (not when the widget opens on the result): the form is gone.
          takeFocus={!initialDone}
          title={title}
          body={
            done.kind === 'phone'
              ? t.phoneDoneBody
              : done.email
                ? format(t.emailSentBody, { email: done.email })
                : t.emailSentBodyNoAddress
          }
          countdown={brand.branded ? format(t.autoBack, { s: left }) : undefined}
          actions={
            <ResultLink to={loginHref} primary>
              {t.backToLogin}
            </ResultLink>
          }
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t.title}>
      <Tabs activeTab={tab} onChange={(key) => address.choose(key as Tab)} hrefOf={address.hrefOf}>
        <Tabs.TabPane key="email" title={t.emailTab}>
          <CheckedForm
            id="register-email"
            // Prerendered: until the script takes over, Enter must not submit the form to the browser.
            method="dialog"
            form={emailForm}
            layout="vertical"
            onSubmit={submitEmail}
          >
            <FormItem
              label={t.username}
              field="username"
              rules={rule(checkEmailTabUsername)}
              validateTrigger="onBlur"
            >
              <Input placeholder={t.usernamePlaceholder} autoComplete="username" />
            </FormItem>
            <FormItem
              label={t.email}
              field="email"
              rules={rule(checkEmail)}
              validateTrigger="onBlur"
              {...existsProps('email')}
            >
              <Input
                placeholder={t.emailPlaceholder}
                autoComplete="email"
                onBlur={(e) => void checkExists('email', e.target.value, checkEmail(e.target.value) === null)}
              />
            </FormItem>
            <NewPasswordFields form={emailForm} texts={t} />
            {agreement.element}
            <Button
              type="primary"
              htmlType="submit"
              long
              loading={submitting}
              disabled={exists.email}
              className="submit"
            >
              {t.submit}
            </Button>
          </CheckedForm>
        </Tabs.TabPane>
        <Tabs.TabPane key="phone" title={t.phoneTab}>
          <CheckedForm
            id="register-phone"
            method="dialog"
            form={phoneForm}
            layout="vertical"
            onSubmit={submitPhone}
          >
            <FormItem
              label={t.username}
              field="username"
              rules={rule(checkUsername)}
              validateTrigger="onBlur"
              {...problemProps(username.problem)}
            >
              <Input
                placeholder={t.usernamePlaceholder}
                autoComplete="username"
                onBlur={(e) => username.onBlur(e.target.value)}
              />
            </FormItem>
            <FormItem
              label={t.phone}
              field="phone"
              rules={rule((v) => checkPhone(v))}
              validateTrigger="onBlur"
              normalize={phoneValue}
              {...existsProps('phone')}
            >
              <Input
                placeholder={t.phonePlaceholder}
                autoComplete="tel"
                inputMode="tel"
                onBlur={(e) => void checkExists('phone', e.target.value, checkPhone(e.target.value) === null)}
              />
            </FormItem>
            <CodeField channel="phone" label={t.code} placeholder={t.codePlaceholder} onSend={sendCode} />
            <NewPasswordFields form={phoneForm} texts={t} />
            {agreement.element}
            <Button
              type="primary"
              htmlType="submit"
              long
              loading={submitting}
              disabled={exists.phone || username.problem !== null}
              className="submit"
            >
              {t.submit}
            </Button>
          </CheckedForm>
        </Tabs.TabPane>
      </Tabs>
      {code.dialog}
      <div className="form-links">
        <span />
        <span>
          {t.haveAccount} <RouterLink to={loginHref}>{t.login}</RouterLink>
        </span>
      </div>
    </PublicLayout>
  );
}
