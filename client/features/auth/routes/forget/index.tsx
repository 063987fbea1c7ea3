import { Button, Form, Input } from '@arco-design/web-react';
import { CheckedForm, FormItem } from '@client/components/checked-form';
import { NewPasswordFields } from '@client/components/new-password-fields';
import { useSendCode } from '@client/components/use-send-code';
import { useSubmit } from '@client/lib/hooks/use-submit';
import { Tabs } from '@client/components/tabs';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { checkEmail, checkPhone } from '@shared/validation/rules';
import { format } from '@shared/i18n/define-texts';
import { resetPassword } from '@client/features/auth/api';
import { itemExists } from '@client/lib/api/account';
import { useBrand } from '@client/lib/brand';
import { useTabInAddress } from '@client/lib/hooks/use-tab-in-address';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { CodeField } from '@client/components/code-field';
import { phoneValue, useProblemProps, useRule } from '@client/components/form-rules';
import { useAutoRedirect } from '@client/features/auth/hooks/use-auto-redirect';
import { useTypedBeforeHydration } from '@client/features/auth/hooks/use-typed-before-hydration';
import { ResultLink, ResultPanel } from '@client/components/result-panel';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import { PAGE_TABS, ROUTES } from '@shared/routes';

const CHANNELS = PAGE_TABS[ROUTES.forget];
type Channel = (typeof CHANNELS)[number];
interface Values {
  item: string;
  code: string;
  password: string;
  confirm: string;
}

function ResetForm({ channel, onDone }: { channel: Channel; onDone(): void }) {
  const t = useTexts(texts);
  const rule = useRule();
  const problemProps = useProblemProps();
  const [form] = Form.useForm<Values>();
  // What a visitor typed into the prerendered page before the script arrived.
  useTypedBeforeHydration(form, `forget-${channel}`);
  const [unknown, setUnknown] = useState(false);
  const { submitting, run } = useSubmit();
  const code = useSendCode('forget');
  const check = channel === 'phone' ? (v: unknown) => checkPhone(v) : checkEmail;

  // Spec §5: existence is checked on blur; a failing check is ignored.
  async function onBlur(value: string): Promise<void> {
    if (check(value) !== null) return setUnknown(false);
    const exists = await itemExists({ item: value, type: channel });
    setUnknown(exists === false);
  }

  const sendCode = () =>
    code.send(
      { type: channel, item: form.getFieldValue('item') },
      async () => (await form.validate(['item'])) && !unknown,
    );

  async function submit(values: Values): Promise<void> {
    if (unknown) return;
    await run(async () => {
      await resetPassword({ type: channel, item: values.item, code: values.code, password: values.password });
      onDone();
    });
  }

  return (
    <CheckedForm
      id={`forget-${channel}`}
      // Prerendered: until the script takes over, Enter must not submit the form to the browser.
      method="dialog"
      form={form}
      layout="vertical"
      onSubmit={submit}
    >
      <FormItem
        label={channel === 'phone' ? t.phone : t.email}
        field="item"
        rules={rule(check)}
        validateTrigger="onBlur"
        normalize={channel === 'phone' ? phoneValue : undefined}
        {...problemProps(
          unknown ? (channel === 'phone' ? 'phoneNotRegistered' : 'emailNotRegistered') : null,
        )}
      >
        <Input
          placeholder={channel === 'phone' ? t.phonePlaceholder : t.emailPlaceholder}
          autoComplete={channel === 'phone' ? 'tel' : 'email'}
          inputMode={channel === 'phone' ? 'tel' : 'email'}
          onBlur={(e) => void onBlur(e.target.value)}
        />
      </FormItem>
      <CodeField channel={channel} label={t.code} placeholder={t.codePlaceholder} onSend={sendCode} />
      <NewPasswordFields form={form} texts={t} mismatch="resetMismatch" />
      <Button type="primary" htmlType="submit" long loading={submitting} className="submit">
        {t.submit}
      </Button>
      {code.dialog}
    </CheckedForm>
  );
}

export default function ForgetPage({ initialChannel }: { initialChannel?: Channel } = {}) {
  const t = useTexts(texts);
  const brand = useBrand();
  const address = useTabInAddress(CHANNELS);
  const channel = address.chosen ?? initialChannel ?? 'phone';
  const [done, setDone] = useState(false);
  const loginHref = `${brand.route('login')}${address.search}`;
  const left = useAutoRedirect(done, loginHref);

  if (done) {
    return (
      <PublicLayout pageName={t.doneTitle}>
        <ResultPanel
          takeFocus
          status="success"
          title={t.doneTitle}
          countdown={format(t.doneBody, { s: left })}
          actions={
            <ResultLink to={loginHref} primary>
              {t.loginNow}
            </ResultLink>
          }
        />
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t.title}>
      <Tabs activeTab={channel} onChange={(key) => address.choose(key as Channel)} hrefOf={address.hrefOf}>
        <Tabs.TabPane key="phone" title={t.phoneTab}>
          <ResetForm channel="phone" onDone={() => setDone(true)} />
        </Tabs.TabPane>
        <Tabs.TabPane key="email" title={t.emailTab}>
          <ResetForm channel="email" onDone={() => setDone(true)} />
        </Tabs.TabPane>
      </Tabs>
      <div className="form-links">
        <RouterLink to={loginHref}>{t.back}</RouterLink>
        <span />
      </div>
    </PublicLayout>
  );
}
