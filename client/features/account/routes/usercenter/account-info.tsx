import { Button } from '@arco-design/web-react';
import type { UserInfo } from '@shared/contract/personal';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import type { Operation } from './status';

interface Row {
  key: string;
  label: string;
  value: string | null;
  action?: { label: string; operation: Operation };
}

/** The account rows of spec §2, each with its bind, set or edit action; the password row only with a contact. */
export function AccountInfo({ user, onOperate }: { user: UserInfo; onOperate(operation: Operation): void }) {
  const t = useTexts(texts);
  const rows: Row[] = [
    {
      key: 'username',
      label: t.username,
      value: user.username,
      action: user.username ? undefined : { label: t.set, operation: 'username' },
    },
    {
      key: 'phone',
      label: t.phone,
      value: user.phone,
      action: { label: user.phone ? t.edit : t.bind, operation: 'phone' },
    },
    {
      key: 'email',
      label: t.email,
      value: user.email,
      action: { label: user.email ? t.edit : t.bind, operation: 'email' },
    },
    {
      key: 'github',
      label: t.github,
      value: user.githubAccount,
      action: user.githubAccount ? undefined : { label: t.bind, operation: 'github' },
    },
    {
      key: 'wechat',
      label: t.wechat,
      value: user.wechatName ?? user.wechat,
      action: user.wechat ? undefined : { label: t.bind, operation: 'wechat' },
    },
  ];
  if (user.phone || user.email) {
    rows.push({
      key: 'password',
      label: t.password,
      value: '••••••••',
      action: { label: t.edit, operation: 'password' },
    });
  }
  return (
    <dl className="uc-rows">
      {rows.map((row) => (
        <div className="uc-row" key={row.key} data-row={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value || <span className="uc-muted">{t.notSet}</span>}</dd>
          <dd className="uc-action">
            {row.action ? (
              <Button
                type="text"
                aria-label={`${row.action.label} ${row.label}`}
                onClick={() => onOperate(row.action!.operation)}
              >
                {row.action.label}
              </Button>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
