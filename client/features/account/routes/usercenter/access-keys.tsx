import {
  Button,
  Input,
  Modal,
  Popover,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { useRef, useState } from 'react';
import { CLI_KEY_DESCRIPTION, MAX_CREDENTIALS, type Credential } from '@shared/contract/credential';
import { checkDescription, LIMITS } from '@shared/validation/rules';
import { productMessage } from '@shared/errors/catalogue';
import {
  createCredential,
  deleteCredential,
  revealSecret,
  switchCredential,
  useCredentials,
} from '@client/features/account/api';
import { useValidationText } from '@client/components/form-rules';
import { useFormatTime } from '@client/lib/format-time';
import { notify } from '@client/lib/notify';
import { returnFocusLater } from '@client/lib/focus';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useLocale } from '@client/lib/i18n/locale-context';
import { texts } from './locale';
import { useSubmit } from '@client/lib/hooks/use-submit';
import { useMediaQuery } from '@client/lib/hooks/use-media-query';
import { useParamInAddress } from '@client/lib/hooks/use-param-in-address';
import { useConfirm } from '@client/lib/hooks/use-confirm';
import { useCopy } from '@client/lib/hooks/use-copy';
import { handleError } from '@client/lib/api/handle-error';
import { DataLoadError } from '@client/components/load-error';

/** Spec §9: the tip shown when deleting an enabled key stays 2 s. */
export const DELETE_TIP_MS = 2000;

/** `?tab=keys&type=create`: the dialog creating a key is open. */
const CREATE_TYPE = 'create';

/**
 * A window as narrow as a phone (usercenter.css's breakpoint): a desktop browser at 200 % zoom
 * and more, where the table would scroll sideways (issue 40).
 */
const NARROW_WINDOW = '(max-width: 760px)';

export function AccessKeys({ ssoUid, mobile }: { ssoUid: string | undefined; mobile: boolean }) {
  // A phone, or a window as narrow, stacks each key as a card: a five-column table would scroll sideways.
  const cards = useMediaQuery(NARROW_WINDOW) || mobile;
  const formatTime = useFormatTime();
  const copy = useCopy();
  const t = useTexts(texts);
  const { locale } = useLocale();
  const text = useValidationText();
  const { data, error, mutate, isLoading } = useCredentials(ssoUid);
  const keys = data ?? [];
  // SWR reports a key seeded from the first screen as loading until its revalidation ends, although
  // its rows are there to show.
  const loading = isLoading && !data;
  // Keys that could not be loaded are not "no keys" (issue 40): the error, with a retry.
  const empty =
    error && !data ? (
      <DataLoadError compact onRetry={() => mutate()} />
    ) : (
      <p className="uc-muted uc-keys-empty">{t.noKeys}</p>
    );
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  // The open dialog is named in the address (`type=create`), so that a session ending while it is
  // open brings the visitor back to it after the login (the stored redirect, spec §4).
  const [type, setType] = useParamInAddress('type');
  const creating = type === CREATE_TYPE;
  const { confirm, holder } = useConfirm();
  const setCreating = (open: boolean) => setType(open ? CREATE_TYPE : null);
  /** Gives focus back to "Create key" once the creation's dialogs have closed. */
  const giveBackCreate = useRef<(() => void) | null>(null);
  const [description, setDescription] = useState('');
  const { submitting: busy, run } = useSubmit({ fallback: productMessage('keyCreateFailed', locale) });
  const [tipFor, setTipFor] = useState<string | null>(null);
  const atLimit = keys.length >= MAX_CREDENTIALS;
  const descriptionProblem = checkDescription(description);

  async function toggleSecret(ak: string): Promise<void> {
    if (secrets[ak]) return setSecrets(({ [ak]: _hidden, ...rest }) => rest);
    try {
      const sk = await revealSecret(ak);
      setSecrets((s) => ({ ...s, [ak]: sk }));
    } catch (error) {
      handleError(error);
    }
  }

  /** The secret as shown, else fetched for the copy alone; a refused fetch is reported as any call's. */
  async function copySecret(ak: string): Promise<void> {
    try {
      await copy(secrets[ak] ?? (await revealSecret(ak)));
    } catch (error) {
      handleError(error);
    }
  }

  /** A copy button named for what it copies ("Copy Access key (AK)"): Arco names it by its tooltip. */
  const copyable = (what: string) => ({ tooltips: [`${t.copy} ${what}`, t.copied] as [string, string] });

  async function create(): Promise<void> {
    if (descriptionProblem) return;
    await run(async () => {
      const key = await createCredential(description.trim());
      setCreating(false);
      setDescription('');
      await mutate();
      Modal.success({
        // Closed, it gives focus back to the button that opened the creation (issue 29).
        afterClose: () => giveBackCreate.current?.(),
        title: t.keyCreatedTitle,
        content: (
          <div className="uc-key-created">
            <p>{t.keyCreatedBody}</p>
            <p>
              {t.ak}: <Typography.Text copyable={copyable(t.ak)}>{key.ak}</Typography.Text>
            </p>
            <p>
              {t.sk}: <Typography.Text copyable={copyable(t.sk)}>{key.sk}</Typography.Text>
            </p>
          </div>
        ),
      });
    });
  }

  function remove(key: Credential): void {
    if (key.status === 'ENABLED') {
      setTipFor(key.ak);
      window.setTimeout(() => setTipFor(null), DELETE_TIP_MS);
      return;
    }
    confirm({
      title: t.deleteConfirmTitle,
      content: t.deleteConfirmBody,
      okText: t.delete,
      cancelText: t.cancel,
      onOk: async () => {
        try {
          await deleteCredential(key.ak);
          notify.success(t.deleted);
        } finally {
          // Refused too (the key was switched on elsewhere): the list shows the key as it is now.
          await mutate();
        }
      },
    });
  }

  const cell = {
    ak: (key: Credential) => (
      <Space direction="vertical" size={2}>
        <Typography.Text copyable={copyable(t.ak)} className="uc-mono">
          {key.ak}
        </Typography.Text>
        {key.description === CLI_KEY_DESCRIPTION || key.type === 'CLI' ? (
          <Tag size="small">{t.cliKey}</Tag>
        ) : null}
        {key.description ? <span className="uc-muted">{key.description}</span> : null}
      </Space>
    ),
    sk: (key: Credential) => (
      // The secret wraps; Show and Copy keep together (issue 40: Copy went to a line of its own).
      <span className="uc-secret">
        <span className="uc-mono" aria-label={t.sk}>
          {secrets[key.ak] ?? key.sk}
        </span>
        <span className="uc-secret-actions">
          <Button
            type="text"
            size="mini"
            aria-label={`${secrets[key.ak] ? t.hide : t.show} ${t.sk}`}
            onClick={() => void toggleSecret(key.ak)}
          >
            {secrets[key.ak] ? t.hide : t.show}
          </Button>
          <Button
            type="text"
            size="mini"
            aria-label={`${t.copy} ${t.sk}`}
            onClick={() => void copySecret(key.ak)}
          >
            {t.copy}
          </Button>
        </span>
      </span>
    ),
    status: (key: Credential) => (
      <Switch
        aria-label={`${t.status} ${key.ak}`}
        checked={key.status === 'ENABLED'}
        checkedText={t.enabled}
        uncheckedText={t.disabled}
        onChange={async (on: boolean) => {
          try {
            await switchCredential(key.ak, on);
          } finally {
            await mutate();
          }
        }}
      />
    ),
    remove: (key: Credential) => (
      <Popover
        popupVisible={tipFor === key.ak}
        content={<span role="alert">{t.closeFirst}</span>}
        trigger="click"
      >
        <Button type="text" status="danger" onClick={() => remove(key)}>
          {t.delete}
        </Button>
      </Popover>
    ),
  };

  return (
    <section aria-label={t.keysTitle}>
      <div className="uc-section-head">
        <h1 className="uc-title">{t.keysTitle}</h1>
        <Button
          type="primary"
          disabled={atLimit}
          onClick={() => {
            giveBackCreate.current = returnFocusLater();
            setCreating(true);
          }}
        >
          {t.createKey}
        </Button>
      </div>
      <p className="uc-muted">{atLimit ? t.limitReached : t.keysHint}</p>
      {cards ? (
        <Spin loading={loading} block>
          {keys.length === 0 ? (
            empty
          ) : (
            <ul className="uc-key-cards">
              {keys.map((key) => (
                <li key={key.ak} className="uc-key-card">
                  <dl>
                    <dt>{t.ak}</dt>
                    <dd>{cell.ak(key)}</dd>
                    <dt>{t.sk}</dt>
                    <dd>{cell.sk(key)}</dd>
                    <dt>{t.created}</dt>
                    <dd>{formatTime(key.createDate)}</dd>
                  </dl>
                  <div className="uc-key-card-actions">
                    {cell.status(key)}
                    {cell.remove(key)}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Spin>
      ) : (
        <Table<Credential>
          rowKey="ak"
          loading={loading}
          data={keys}
          pagination={false}
          noDataElement={error && !data ? empty : <span className="uc-muted">{t.noKeys}</span>}
          scroll={{ x: 760 }}
          columns={[
            { title: t.ak, dataIndex: 'ak', render: (_: string, key) => cell.ak(key) },
            { title: t.sk, dataIndex: 'sk', render: (_: string, key) => cell.sk(key) },
            {
              title: t.status,
              dataIndex: 'status',
              width: 110,
              render: (_: Credential['status'], key) => cell.status(key),
            },
            {
              title: t.created,
              dataIndex: 'createDate',
              width: 180,
              render: (value: string) => <span className="uc-time">{formatTime(value)}</span>,
            },
            { title: t.actions, width: 90, render: (_: unknown, key) => cell.remove(key) },
          ]}
        />
      )}
      <Modal
        title={t.createKeyTitle}
        visible={creating && !atLimit}
        okText={t.create}
        cancelText={t.cancel}
        confirmLoading={busy}
        okButtonProps={{ disabled: descriptionProblem !== null }}
        onOk={() => void create()}
        onCancel={() => setCreating(false)}
        afterClose={() => giveBackCreate.current?.()}
        unmountOnExit
      >
        <label className="uc-label" htmlFor="key-description">
          {t.description}
        </label>
        <Input
          id="key-description"
          placeholder={t.descriptionPlaceholder}
          value={description}
          onChange={setDescription}
          // Counted, never cut: a longer paste stays whole and the rule says what is wrong.
          maxLength={{ length: LIMITS.descriptionMax, errorOnly: true }}
          showWordLimit
        />
        {descriptionProblem ? (
          <p role="alert" className="uc-error">
            {text(descriptionProblem)}
          </p>
        ) : null}
      </Modal>
      {holder}
    </section>
  );
}
