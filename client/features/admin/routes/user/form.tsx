import { Button, Form, Input, Radio, Select, Spin, Switch, type RulesProps } from '@arco-design/web-react';
import { CheckedForm, FormItem } from '@client/components/checked-form';
import { PasswordInput } from '@client/components/password-input';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { InternalUser } from '@shared/contract/admin';
import { productMessage } from '@shared/errors/catalogue';
import { OPERATES, operatePath, ROUTES, type Operate } from '@shared/routes';
import { checkEmail, checkNewPassword, checkPhone } from '@shared/validation/rules';
import { itemExists } from '@client/lib/api/account';
import {
  createInternalUser,
  updateInternalUser,
  useInternalUser,
  usePlatformNames,
  useRoleChoices,
  useSources,
} from '@client/features/admin/api';
import type { ApiError } from '@client/lib/api/client';
import { AdminPage } from '@client/features/admin/components/admin-page';
import { AsEntered } from '@client/features/admin/components/as-entered';
import { useBackToList } from '@client/features/admin/components/list-filters';
import {
  AdminFormButtons,
  DescriptionField,
  useFormDraft,
} from '@client/features/admin/components/admin-form';
import { phoneValue, useValidationText } from '@client/components/form-rules';
import { notify } from '@client/lib/notify';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useLocale } from '@client/lib/i18n/locale-context';
import { texts } from './locale';
import './user.css';
import { Redirect } from '@client/lib/redirect';
import { useSubmit } from '@client/lib/hooks/use-submit';

interface Values {
  email?: string;
  phone?: string;
  githubAccount?: string;
  password?: string;
  source?: string;
  roleId: number;
  status: boolean;
  description?: string;
}

const DEFAULT_SOURCE = 'default';
/** The role choice meaning "no role" (the UAA reads 0 as none too). */
const NO_ROLE = 0;
/** Spec §7: the user form asks for every role at once. */
const ALL_ROLES = { pageNumber: 1, pageSize: 1000 } as const;

function toValues(user: InternalUser | null | undefined): Values {
  if (!user) return { roleId: NO_ROLE, status: true, source: undefined };
  return {
    email: user.email ?? '',
    phone: user.phone ?? '',
    githubAccount: user.githubAccount ?? '',
    source: user.createBy || DEFAULT_SOURCE,
    roleId: user.roles[0]?.roleId ?? NO_ROLE,
    status: user.status === 'ACTIVE',
    description: user.description ?? '',
  };
}

const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** /admin/user/{create|edit|view}?id= (spec §2, §5); any other operate goes back to the list. */
export default function UserFormPage() {
  const t = useTexts(texts);
  const { locale } = useLocale();
  const validationText = useValidationText();
  const { list, back: backToList, from } = useBackToList(ROUTES.adminUser);
  const { operate } = useParams();
  const id = useSearchParams()[0].get('id');
  const valid = OPERATES.includes(operate as Operate) && (operate === 'create' || Boolean(id));
  const mode = operate as Operate;
  const { data: user, error } = useInternalUser(valid && mode !== 'create' ? id : null);
  const { data: roles } = useRoleChoices(ALL_ROLES);
  const { data: sources } = useSources();
  const names = usePlatformNames();
  const [form] = Form.useForm<Values>();
  const draft = useFormDraft(form, {
    name: operatePath(ROUTES.adminUserOperate, mode, id ?? undefined),
    ready: mode === 'create' || (mode === 'edit' && Boolean(user)),
    // Never the password.
    toDraft: ({ password: _password, ...kept }) => kept,
  });
  const { submitting: saving, run } = useSubmit();
  const [passwordUnlocked, setPasswordUnlocked] = useState(false);

  const gone = mode !== 'create' && user === null;
  if (!valid || gone || (error && (error as ApiError).status !== 403))
    return <Redirect to={ROUTES.adminUser} />;

  const title = { create: t.createTitle, edit: t.editTitle, view: t.viewTitle }[mode];
  const readOnly = mode === 'view';
  const passwordEditable = mode === 'create' || (mode === 'edit' && passwordUnlocked);
  const atLeastOne = productMessage('emailOrPhoneRequired', locale);

  /** Format first, then existence (skipped when unchanged on edit); one of the two is required. */
  function contactRule(kind: 'email' | 'phone'): RulesProps[] {
    const other = kind === 'email' ? 'phone' : 'email';
    return [
      {
        validator: async (value: unknown, callback: (error?: string) => void) => {
          const v = trimmed(value);
          if (!v) return callback(trimmed(form.getFieldValue(other)) ? undefined : atLeastOne);
          // Unchanged on edit: the account's own (a phone the public registration took, 120…), not checked again.
          if (mode === 'edit' && v === (user?.[kind] ?? '')) return callback();
          const invalid = kind === 'email' ? checkEmail(v) : checkPhone(v, { strict: true });
          // Too long says by how much (the limit of an address everywhere), not "wrong format".
          if (invalid === 'emailTooLong') return callback(validationText(invalid));
          if (invalid) return callback(kind === 'email' ? t.emailFormat : t.phoneFormat);
          const exists = await itemExists({ item: v, type: kind });
          callback(exists ? (kind === 'email' ? t.emailTaken : t.phoneTaken) : undefined);
        },
      },
    ];
  }

  const passwordRule: RulesProps[] = [
    {
      validator: (value: unknown, callback: (error?: string) => void) => {
        if (!passwordEditable) return callback();
        const code = checkNewPassword(value);
        callback(code ? validationText(code) : undefined);
      },
    },
  ];

  const sourceRule: RulesProps[] = [
    {
      validator: (value: unknown, callback: (error?: string) => void) =>
        callback(mode === 'create' && !value ? t.sourceRequired : undefined),
    },
  ];

  async function save(values: Values): Promise<void> {
    const email = trimmed(values.email);
    const phone = trimmed(values.phone);
    const fields = {
      status: values.status === false ? ('DISABLED' as const) : ('ACTIVE' as const),
      description: values.description ?? '',
      roleIds: values.roleId ? [values.roleId] : [],
    };
    await run(async () => {
      try {
        if (mode === 'create') {
          await createInternalUser({
            ...fields,
            email: email || undefined,
            phone: phone || undefined,
            password: values.password ?? '',
            source: values.source ?? DEFAULT_SOURCE,
          });
          notify.success(t.createdDone);
        } else {
          await updateInternalUser({
            ...fields,
            ssoUid: id as string,
            email,
            phone,
            password: passwordEditable ? values.password : undefined,
          });
          notify.success(t.updated);
        }
        backToList();
      } catch (err) {
        // Said as "create failed: …" / "update failed: …" (the calls are silent).
        const failed = productMessage(mode === 'create' ? 'createFailed' : 'updateFailed', locale);
        const detail = (err as ApiError).status === 401 ? '' : (err as Error).message;
        notify.error(detail ? `${failed}: ${detail}` : failed);
      }
    });
  }

  if (mode !== 'create' && !user)
    return (
      <AdminPage title={title}>
        <div className="admin-loading">
          <Spin size={32} />
        </div>
      </AdminPage>
    );

  const sourceOptions = [
    { label: t.defaultSource, value: DEFAULT_SOURCE },
    ...(sources ?? []).map((s) => ({ label: names.get(s) ?? s, value: s })),
  ];

  return (
    <AdminPage title={title}>
      {draft.notice}
      <section className="admin-panel">
        <CheckedForm<Values>
          form={form}
          className="admin-form"
          layout="vertical"
          disabled={readOnly}
          initialValues={toValues(user)}
          onValuesChange={draft.onValuesChange}
          onSubmit={save}
        >
          <FormItem label={t.email} field="email" rules={contactRule('email')} validateTrigger="onBlur">
            <Input placeholder={t.emailPlaceholder} autoComplete="off" />
          </FormItem>
          <FormItem
            label={t.phone}
            field="phone"
            rules={contactRule('phone')}
            validateTrigger="onBlur"
            normalize={phoneValue}
          >
            <Input placeholder={t.phonePlaceholder} autoComplete="off" inputMode="tel" />
          </FormItem>
          <FormItem label={t.github} field="githubAccount">
            <Input disabled />
          </FormItem>
          <FormItem
            label={t.password}
            field="password"
            required={mode === 'create'}
            rules={passwordRule}
            extra={
              mode === 'edit' && !passwordUnlocked ? (
                <Button
                  size="small"
                  className="user-change-password"
                  onClick={() => {
                    setPasswordUnlocked(true);
                    // The button goes as the field opens: focus goes on into the field (issue 29).
                    window.setTimeout(() =>
                      document.querySelector<HTMLInputElement>('.user-password-field input')?.focus(),
                    );
                  }}
                >
                  {t.changePassword}
                </Button>
              ) : undefined
            }
          >
            <PasswordInput
              className="user-password-field"
              autoComplete="new-password"
              disabled={readOnly || !passwordEditable}
              placeholder={passwordEditable ? t.passwordPlaceholder : t.passwordLocked}
            />
          </FormItem>
          <FormItem label={t.source} field="source" required={mode === 'create'} rules={sourceRule}>
            <Select
              // Arco's label points at the select's frame, which names nothing: the field is named here.
              aria-label={t.source}
              placeholder={t.sourcePlaceholder}
              options={sourceOptions}
              disabled={readOnly || mode !== 'create'}
              showSearch
            />
          </FormItem>
          <FormItem label={t.role} field="roleId">
            <Radio.Group>
              {(roles?.roles ?? []).map((r) => (
                <Radio key={r.roleId} value={r.roleId}>
                  <AsEntered>{r.roleName}</AsEntered>
                </Radio>
              ))}
              <Radio value={NO_ROLE}>{t.noRole}</Radio>
            </Radio.Group>
          </FormItem>
          <FormItem label={t.status} field="status" triggerPropName="checked">
            <Switch checkedText={t.active} uncheckedText={t.disabled} aria-label={t.status} />
          </FormItem>
          <DescriptionField label={t.description} placeholder={t.descriptionPlaceholder} />
          <AdminFormButtons
            readOnly={readOnly}
            saving={saving}
            editTo={operatePath(ROUTES.adminUserOperate, 'edit', id ?? '')}
            backTo={list}
            from={from}
            onCancel={backToList}
          />
        </CheckedForm>
      </section>
    </AdminPage>
  );
}
