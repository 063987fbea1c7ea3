import { Button, Layout, Menu, Spin } from '@arco-design/web-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ROUTES } from '@shared/routes';
import { logout, SWR_KEYS, useUserInfo } from '../../api/account';
import { runtimeConfig } from '../../app/runtime-config';
import { LanguageSwitch } from '../../components/language-switch';
import { useTexts } from '../../i18n/define-texts';
import { texts } from './locale';
import './usercenter.css';

type Section = 'account' | 'keys' | 'help';
const SECTIONS: readonly Section[] = ['account', 'keys', 'help'];

export default function UserCenterPage() {
  const t = useTexts(texts);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const section: Section = SECTIONS.includes(tab as Section) ? (tab as Section) : 'account';
  const { data: user, isLoading } = useUserInfo();
  const [leaving, setLeaving] = useState(false);

  async function onLogout(): Promise<void> {
    setLeaving(true);
    try {
      await logout();
    } catch {
      /* the BFF clears the cookie whatever the upstream says */
    }
    await mutate(SWR_KEYS.session, { authenticated: false }, { revalidate: false });
    await mutate(SWR_KEYS.userInfo, undefined, { revalidate: false });
    navigate(ROUTES.login, { replace: true });
  }

  const rows: { key: string; label: string; value: string | null | undefined; action: string }[] = user
    ? [
        { key: 'username', label: t.username, value: user.username, action: user.username ? '' : t.set },
        { key: 'phone', label: t.phone, value: user.phone, action: user.phone ? t.edit : t.bind },
        { key: 'email', label: t.email, value: user.email, action: user.email ? t.edit : t.bind },
        {
          key: 'github',
          label: t.github,
          value: user.githubAccount,
          action: user.githubAccount ? '' : t.bind,
        },
        {
          key: 'wechat',
          label: t.wechat,
          value: user.wechatName ?? user.wechat,
          action: user.wechat ? '' : t.bind,
        },
        ...(user.email || user.phone
          ? [{ key: 'password', label: t.password, value: '••••••••', action: t.edit }]
          : []),
      ]
    : [];

  return (
    <Layout className="uc-layout">
      <Layout.Header className="uc-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {t.title}
        </span>
        <span className="uc-header-actions">
          <a href={runtimeConfig().links.feedback} target="_blank" rel="noopener noreferrer">
            {t.feedback}
          </a>
          <LanguageSwitch />
          <Button size="small" onClick={onLogout} loading={leaving}>
            {t.logout}
          </Button>
        </span>
      </Layout.Header>
      <Layout className="uc-body">
        <Layout.Sider className="uc-sider" breakpoint="md" collapsible={false}>
          <Menu selectedKeys={[section]} onClickMenuItem={(key) => setParams({ tab: key })}>
            <Menu.Item key="account">{t.menuAccount}</Menu.Item>
            <Menu.Item key="keys">{t.menuKeys}</Menu.Item>
            <Menu.Item key="help">{t.menuHelp}</Menu.Item>
          </Menu>
        </Layout.Sider>
        <Layout.Content className="uc-content">
          {section !== 'account' ? (
            <p className="coming-soon">{t.comingSoon}</p>
          ) : isLoading || !user ? (
            <Spin />
          ) : (
            <>
              <h1 className="uc-title">{t.menuAccount}</h1>
              <dl className="uc-rows">
                {rows.map((row) => (
                  <div className="uc-row" key={row.key} data-row={row.key}>
                    <dt>{row.label}</dt>
                    <dd>{row.value || <span className="uc-muted">{t.notSet}</span>}</dd>
                    <dd className="uc-action">
                      {row.action ? <Button type="text">{row.action}</Button> : null}
                    </dd>
                  </div>
                ))}
              </dl>
              <section className="uc-cancel">
                <h2>{t.cancelTitle}</h2>
                <p className="uc-muted">{t.cancelBody}</p>
              </section>
            </>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
