import { Button, Layout, Menu, Popover } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { productMessage } from '@shared/errors/catalogue';
import { withParams } from '@shared/query';
import { FLOW_PARAM, ROUTES, STEP_PARAM, TAB_PARAM } from '@shared/routes';
import { logout, useModules, useUserInfo } from '@client/lib/api/account';
import { signedOut } from '@client/lib/api/session-events';
import { openOauthPopup, WECHAT_BIND_PATH } from '@client/lib/oauth-popup';
import { platformNames } from '@client/lib/platform-theme';
import { useRuntimeConfig } from '@client/lib/render-context';
import { lazyComponent } from '@client/lib/lazy';
import { LanguageSwitch } from '@client/components/language-switch';
import { NewTabLink } from '@client/components/new-tab-link';
import { DataLoadError, LazyPart } from '@client/components/load-error';
import { PartSkeleton } from '@client/components/page-skeleton';
import { ACCOUNT_CONTENT } from '@shared/skeleton';
import { notify } from '@client/lib/notify';
import { focusFell, focusHeading, pageHeading } from '@client/lib/focus';
import { useDevice } from '@client/lib/hooks/use-device';
import { useDocumentTitle } from '@client/lib/hooks/use-document-title';
import { useParamInAddress } from '@client/lib/hooks/use-param-in-address';
import { useFlowInAddress } from '@client/lib/hooks/use-flow-in-address';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useWithLang } from '@client/lib/i18n/lang-in-links';
import { useLocale } from '@client/lib/i18n/locale-context';
import { AccountInfo } from './account-info';
import { CancelAccount } from './cancel-account';
import { Help } from './help';
import { texts } from './locale';
import { isOperation, SECTIONS, type Operation, type Section } from './status';
import './usercenter.css';
import '@client/features/account/components/flow.css';

// Each a chunk of its own (issue 17): the account tab, where most visits land, waits for none of
// them; the BFF announces the keys chunk on `?tab=keys` (scripts/build-client.mjs).
const AccessKeys = lazyComponent(() =>
  import(/* webpackChunkName: "usercenter-keys" */ './access-keys').then((m) => ({ default: m.AccessKeys })),
);
const ContactChange = lazyComponent(() =>
  import('@client/features/account/components/contact-change').then((m) => ({ default: m.ContactChange })),
);
const PasswordChange = lazyComponent(() =>
  import('./password-change').then((m) => ({ default: m.PasswordChange })),
);

/** The chunks the page's first render at `url` shows: the keys tab, a change flow it opens on. */
export function preloadParts(url: URL): Promise<unknown> {
  const parts = [];
  if (url.searchParams.get(TAB_PARAM) === 'keys') parts.push(AccessKeys.preload());
  if (isOperation(url.searchParams.get(FLOW_PARAM)))
    parts.push(ContactChange.preload(), PasswordChange.preload());
  return Promise.all(parts);
}

/**
 * The header's way to the back office, for an account whose back-office modules are not empty
 * (issue 40): it had no way there. A component of its own, so that the modules' answer, which
 * the rendered page does not hold, redraws the link alone: redrawing the page while its tab's
 * part was still hydrating made React throw that part away and render it afresh (error #421).
 */
function BackOfficeLink({ ssoUid, label }: { ssoUid: string | undefined; label: string }) {
  const { data: modules } = useModules(ssoUid, { aside: true });
  const to = useWithLang()(ROUTES.admin);
  return modules?.length ? (
    <Link to={to} className="uc-back-office">
      {label}
    </Link>
  ) : null;
}

export default function UserCenterPage() {
  const t = useTexts(texts);
  const names = useTexts(platformNames);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const device = useDevice();
  const config = useRuntimeConfig();
  const { search } = useLocation();
  const [tab] = useParamInAddress(TAB_PARAM);
  // The flow under way is named in the address (`type`, spec §2), so that a session ending mid-flow
  // brings the visitor back to it after the login (spec §4), never what was typed into it; and
  // opened, it is an entry of the history that Back leaves (issue 40).
  const flow = useFlowInAddress();
  const section: Section = SECTIONS.includes(tab as Section) ? (tab as Section) : 'account';
  // The tab's title names what its menu names, then the product: "Access keys · Account Center".
  const menuNames = { account: t.menuAccount, keys: t.menuKeys, help: t.menuHelp };
  useDocumentTitle(menuNames[section], names.main);
  const { data: user, error: userError, mutate: reloadUser } = useUserInfo();
  const [leaving, setLeaving] = useState(false);
  // Spec §4's status: init, or the operation the address names (its flow open); after a
  // successful change, update: the flow closes and the user info reloads.
  const operation = isOperation(flow.flow) ? flow.flow : null;

  function operate(operation: Operation): void {
    if (operation === 'username') {
      void navigate(ROUTES.username);
      return;
    }
    if (operation === 'github') {
      void openOauthPopup('github', 'bind');
      return;
    }
    if (operation === 'wechat') {
      if (config.env !== 'production')
        return void notify.warning(productMessage('wechatUnsupported', locale));
      // The QR page binds instead of logging in, then comes back here (spec §2 /wechat).
      void navigate(WECHAT_BIND_PATH);
      return;
    }
    flow.open(operation);
  }

  /**
   * A section's address: only the tab changes (and a flow's `type` goes); clientId, redirect and
   * lang stay for a later 401 (spec §4). Passed to the item's Link through Arco's Menu.Item.
   */
  const sectionLink = (key: Section) => ({
    to: { search: withParams(search, { [TAB_PARAM]: key, [FLOW_PARAM]: null, [STEP_PARAM]: null }) },
  });

  async function onLogout(): Promise<void> {
    setLeaving(true);
    await logout().catch(() => undefined); // the BFF clears the cookie whatever the upstream says
    signedOut();
    navigate(ROUTES.login, { replace: true });
  }

  // Issue 29: a change flow that closes (done, or Back from its first step) gives focus back to
  // the row's button that opened it, not to the page's body.
  const openedFrom = useRef<Operation | null>(null);
  useEffect(() => {
    if (operation) {
      openedFrom.current = operation;
      return;
    }
    const row = openedFrom.current;
    openedFrom.current = null;
    if (!row || !focusFell()) return;
    const opener = document.querySelector<HTMLElement>(`[data-row="${row}"] button`);
    if (opener) opener.focus();
    else focusHeading(pageHeading());
  }, [operation]);

  const done = () => {
    flow.close();
    void reloadUser();
  };
  const back = flow.close;

  function accountSection() {
    if (!user) return null;
    if (operation === 'phone' || operation === 'email') {
      return <ContactChange key={operation} target={operation} user={user} onDone={done} onCancel={back} />;
    }
    if (operation === 'password') return <PasswordChange user={user} onDone={done} onCancel={back} />;
    if (operation === 'help') return <Help />;
    return (
      <>
        <h1 className="uc-title">{t.menuAccount}</h1>
        <AccountInfo user={user} onOperate={operate} />
        <CancelAccount />
      </>
    );
  }

  // The outline while the user info comes; if it cannot (a slow or failing upstream), the error
  // and a retry, not an outline for ever (issue 40).
  const content = !user ? (
    userError ? (
      <DataLoadError onRetry={() => reloadUser()} />
    ) : (
      <PartSkeleton node={ACCOUNT_CONTENT} />
    )
  ) : section === 'keys' ? (
    <AccessKeys ssoUid={user.ssoUid} mobile={device.mobile} />
  ) : section === 'help' ? (
    <Help />
  ) : (
    accountSection()
  );
  const onDemand =
    Boolean(user) &&
    (section === 'keys' ||
      (section === 'account' &&
        (operation === 'phone' || operation === 'email' || operation === 'password')));

  return (
    <Layout className={device.mobile ? 'uc-layout is-mobile' : 'uc-layout'}>
      <Layout.Header className="uc-header" role="banner">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {names.main}
        </span>
        <span className="uc-header-actions">
          {device.mobile ? (
            <Popover
              content={<p className="uc-popover">{t.forgotPasswordTip}</p>}
              trigger="click"
              position="bottom"
            >
              <Button type="text" size="small">
                {t.forgotPassword}
              </Button>
            </Popover>
          ) : (
            <NewTabLink href={config.links.feedback}>{t.feedback}</NewTabLink>
          )}
          <BackOfficeLink ssoUid={user?.ssoUid} label={t.backOffice} />
          <LanguageSwitch />
          <Button size="small" onClick={onLogout} loading={leaving}>
            {t.logout}
          </Button>
        </span>
      </Layout.Header>
      {/* Side by side from the first render: a table that renders with the inlined first screen
          measures its width then (Arco's Layout otherwise learns of its Sider an update later). */}
      <Layout className="uc-body" hasSider>
        <Layout.Sider className="uc-sider" collapsible={false}>
          <Menu
            selectedKeys={[section]}
            mode={device.mobile ? 'horizontal' : 'vertical'}
            // On a phone the three entries share the width (usercenter.css) instead of folding into "···".
            ellipsis={false}
            // Each item is a link to its section's address (without the flow under way), which the
            // router follows once the app has the page (a tap before then loads it).
          >
            {SECTIONS.map((key) => (
              <Menu.Item key={key} wrapper={Link} {...sectionLink(key)}>
                {menuNames[key]}
              </Menu.Item>
            ))}
          </Menu>
        </Layout.Sider>
        <Layout.Content className="uc-content">
          {/* The user is shown as soon as known (inlined by the BFF), while SWR still revalidates.
              A tab or flow whose code comes on demand says so when it cannot come; the next one
              tries its own. The others get no boundary of their own: the page hydrates in one pass. */}
          {onDemand ? (
            <LazyPart
              key={`${section}-${operation ?? ''}`}
              fallback={<PartSkeleton node={ACCOUNT_CONTENT} />}
            >
              {content}
            </LazyPart>
          ) : (
            content
          )}
          {device.mobile ? (
            <p className="uc-feedback">
              <NewTabLink href={config.links.feedback}>{t.feedback}</NewTabLink>
            </p>
          ) : null}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
