import { Button, Form, Input, Spin, Upload } from '@arco-design/web-react';
import { CheckedForm, FormItem } from '@client/components/checked-form';
import type { UploadItem } from '@arco-design/web-react/es/Upload/interface';
import { IconCopy, IconRefresh } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Platform, PlatformFields } from '@shared/contract/admin';
import { OPERATES, operatePath, ROUTES, type Operate } from '@shared/routes';
import { checkLogoFile, checkPlatformName, checkWebUrl, LOGO_TYPES } from '@shared/validation/rules';
import {
  addPlatform,
  resetPlatformSecret,
  updatePlatform,
  upload,
  usePlatform,
} from '@client/features/admin/api';
import type { ApiError } from '@client/lib/api/client';
import { AdminPage } from '@client/features/admin/components/admin-page';
import { useBackToList } from '@client/features/admin/components/list-filters';
import {
  AdminFormButtons,
  DescriptionField,
  useFormDraft,
} from '@client/features/admin/components/admin-form';
import { useConfirm } from '@client/lib/hooks/use-confirm';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';
import { useCopy } from '@client/lib/hooks/use-copy';
import { Tabs } from '@client/components/tabs';
import { useRule, useValidationText } from '@client/components/form-rules';
import { focusFell } from '@client/lib/focus';
import { notify } from '@client/lib/notify';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import './platform.css';
import { useSubmit } from '@client/lib/hooks/use-submit';
import { Redirect } from '@client/lib/redirect';

interface Values {
  displayName: string;
  homePageUrl?: string;
  callback?: string;
  logoutUrl: string;
  logo?: UploadItem[];
  description?: string;
}

/** An empty value in the view: a dash, not the example address a form offers. */
const EMPTY = '—';

// Not strict: Arco would drop any other file without a word; checkLogoFile says why instead.
const LOGO_ACCEPT = { type: LOGO_TYPES.join(','), strict: false };

/** A failed upload leaves the single slot free again (its error was shown as a toast). */
const withoutFailed = (items: UploadItem[] | undefined) => items?.filter((item) => item.status !== 'error');

function toValues(platform: Platform | undefined): Partial<Values> {
  if (!platform) return {};
  return {
    displayName: platform.displayName,
    homePageUrl: platform.homePageUrl,
    callback: platform.callback,
    logoutUrl: platform.logoutUrl,
    logo: platform.logo ? [{ uid: 'logo', url: platform.logo, name: 'logo', status: 'done' }] : [],
    description: platform.description,
  };
}

/** The uploaded picture's address: the upload reply for a new one, the stored URL otherwise. */
function logoUrl(items: UploadItem[] | undefined): string {
  const item = items?.find((i) => i.status === 'done');
  return (item?.response as { url?: string } | undefined)?.url ?? item?.url ?? '';
}

/** What a draft keeps of the form (useFormDraft): the uploaded picture by its address, not its file. */
function draftOf(values: Partial<Values>): Partial<Values> {
  const url = logoUrl(values.logo);
  return { ...values, logo: url ? [{ uid: 'logo', url, name: 'logo', status: 'done' }] : [] };
}

/** /admin/platform/{create|edit|view}?id= (spec §2); any other operate goes back to the list. */
export default function PlatformFormPage() {
  const t = useTexts(texts);
  const rule = useRule();
  const message = useValidationText();
  const { list, back: backToList, from } = useBackToList(ROUTES.adminPlatform);
  const { operate } = useParams();
  const id = useSearchParams()[0].get('id');
  const valid = OPERATES.includes(operate as Operate) && (operate === 'create' || Boolean(id));
  const mode = operate as Operate;
  const { data: platform, error } = usePlatform(valid && mode !== 'create' ? id : null);
  const [form] = Form.useForm<Values>();
  const draft = useFormDraft(form, {
    name: operatePath(ROUTES.adminPlatformOperate, mode, id ?? undefined),
    ready: mode === 'create' || (mode === 'edit' && Boolean(platform)),
    toDraft: draftOf,
  });
  const { submitting: saving, run } = useSubmit();
  const [tab, setTab] = useState('basic');
  const { confirm, holder } = useConfirm();
  const shell = useTexts(adminTexts);
  const copy = useCopy();

  if (!valid || (error && (error as ApiError).status !== 403)) return <Redirect to={ROUTES.adminPlatform} />;

  const title = { create: t.createTitle, edit: t.editTitle, view: t.viewTitle }[mode];
  const readOnly = mode === 'view';

  async function save(values: Values): Promise<void> {
    const fields: PlatformFields = {
      displayName: values.displayName.trim(),
      homePageUrl: values.homePageUrl?.trim() ?? '',
      callback: values.callback?.trim() ?? '',
      logoutUrl: values.logoutUrl.trim(),
      logo: logoUrl(values.logo),
      description: values.description ?? '',
    };
    await run(async () => {
      if (mode === 'create') {
        await addPlatform(fields);
        notify.success(t.createdDone);
      } else {
        await updatePlatform({ id: id as string, ...fields });
        notify.success(t.updated);
      }
      backToList();
    });
  }

  function resetSecret(): void {
    confirm({
      title: t.resetTitle,
      content: t.resetBody,
      okText: shell.confirm,
      cancelText: shell.cancel,
      onOk: async () => {
        await resetPlatformSecret(id as string);
        notify.success(t.resetDone);
      },
    });
  }

  const basic =
    mode !== 'create' && !platform ? (
      <div className="admin-loading">
        <Spin size={32} />
      </div>
    ) : (
      <CheckedForm<Values>
        form={form}
        className={readOnly ? 'admin-form platform-view' : 'admin-form'}
        layout="vertical"
        disabled={readOnly}
        initialValues={toValues(platform)}
        onValuesChange={draft.onValuesChange}
        onSubmit={save}
      >
        <FormItem label={t.name} field="displayName" required rules={rule(checkPlatformName)}>
          <Input />
        </FormItem>
        <FormItem label={t.homePageUrl} field="homePageUrl" rules={rule((v) => checkWebUrl(v))}>
          <Input placeholder={readOnly ? EMPTY : t.urlPlaceholder} />
        </FormItem>
        <FormItem label={t.callback} field="callback" rules={rule((v) => checkWebUrl(v))}>
          <Input placeholder={readOnly ? EMPTY : t.urlPlaceholder} />
        </FormItem>
        <FormItem
          label={t.logoutUrl}
          field="logoutUrl"
          required
          rules={rule((v) => checkWebUrl(v, { required: true }))}
        >
          <Input placeholder={readOnly ? EMPTY : t.urlPlaceholder} />
        </FormItem>
        <FormItem
          label={t.logo}
          field="logo"
          triggerPropName="fileList"
          normalize={withoutFailed}
          extra={t.logoHint}
        >
          <Upload
            className={readOnly ? 'platform-logo platform-logo-readonly' : 'platform-logo'}
            listType="picture-card"
            accept={LOGO_ACCEPT}
            limit={1}
            imagePreview
            onChange={(files) => {
              // The picker's button goes when the picture comes, and comes back when it goes: focus
              // follows to the picture's actions or back to the button instead of the page's body
              // (issue 29). After React has drawn the change.
              window.setTimeout(() => {
                if (!focusFell()) return;
                // The list of pictures comes before the picker, beside it.
                const upload = document.querySelector('.platform-logo')?.parentElement;
                const target = files.length
                  ? upload?.querySelector<HTMLElement>('.arco-upload-list-item [role="button"]')
                  : upload?.querySelector<HTMLElement>('.arco-upload-trigger-picture');
                target?.focus();
              });
            }}
            beforeUpload={(file) => {
              const refused = checkLogoFile(file);
              if (refused) notify.error(message(refused));
              return !refused;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              upload(file).then(
                (url) => onSuccess({ url }),
                () => onError(),
              );
            }}
          >
            {/* Focusable: Arco opens the picker on Enter from inside its trigger. */}
            <div className="arco-upload-trigger-picture" role="button" tabIndex={0}>
              <div className="arco-upload-trigger-picture-text">+ {t.upload}</div>
            </div>
          </Upload>
        </FormItem>
        <DescriptionField label={t.description} placeholder={readOnly ? EMPTY : t.descriptionPlaceholder} />
        <AdminFormButtons
          readOnly={readOnly}
          saving={saving}
          editTo={operatePath(ROUTES.adminPlatformOperate, 'edit', id ?? '')}
          backTo={list}
          from={from}
          onCancel={backToList}
        />
      </CheckedForm>
    );

  /** One of the platform's credentials, shown with its copy button. */
  const credential = (testId: string, label: string, value: string | undefined, copyLabel: string) => (
    <>
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>
        <Button
          type="text"
          size="small"
          icon={<IconCopy />}
          aria-label={copyLabel}
          onClick={() => void copy(value ?? '')}
        />
      </dd>
    </>
  );

  return (
    <AdminPage title={title}>
      {holder}
      {draft.notice}
      <section className="admin-panel">
        {mode === 'edit' ? (
          <Tabs activeTab={tab} onChange={setTab}>
            <Tabs.TabPane key="basic" title={t.basicTab}>
              {basic}
            </Tabs.TabPane>
            <Tabs.TabPane key="auth" title={t.authTab}>
              {platform ? (
                <dl className="platform-auth">
                  {credential('client-id', t.clientId, platform.clientId, t.copyClientId)}
                  {credential('client-secret', t.clientSecret, platform.clientSecret, t.copyClientSecret)}
                  <dd className="platform-auth-actions">
                    <Button icon={<IconRefresh />} onClick={resetSecret}>
                      {t.resetSecret}
                    </Button>
                  </dd>
                </dl>
              ) : null}
            </Tabs.TabPane>
          </Tabs>
        ) : (
          basic
        )}
      </section>
    </AdminPage>
  );
}
