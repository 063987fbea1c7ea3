import { Alert, Result, Spin } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { productMessage } from '@shared/errors/catalogue';
import { ROUTES } from '@shared/routes';
import { SWR_KEYS } from '@client/lib/api/account';
import { ApiError } from '@client/lib/api/client';
import { useBrand } from '@client/lib/brand';
import { useAfterLogin } from '@client/lib/hooks/use-after-login';
import {
  bindCode,
  exchangeCode,
  notifyOpener,
  POPUP_CLOSE_DELAY_MS,
  callbackJourney,
  wechatAddress,
} from '@client/features/oauth/api';
import { WECHAT_BIND_PURPOSE, type OauthJourney } from '@client/lib/oauth-popup';
import { useRuntimeConfig } from '@client/lib/render-context';
import { ownPath } from '@client/lib/safe-href';
import { storage } from '@client/lib/storage';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { notify } from '@client/lib/notify';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import { useLocale } from '@client/lib/i18n/locale-context';
import './wechat.css';

/** The top page when this page is in a frame of our own origin (the QR frame), else null. */
function ownTop(): Window | null {
  try {
    const top = window.top;
    return top && top !== window.self && top.location.origin === window.location.origin ? top : null;
  } catch {
    return null; // a foreign top page
  }
}

type Navigate = (to: string) => void;

/**
 * Who takes a finished WeChat login on, before the common step (useAfterLogin): a popup tells
 * its opener (spec §4's popup mode: another site's page only when the login started for it);
 * /midpage's stored redirect (used once) is followed. Returns true when one of them has.
 */
function handOver(journey: OauthJourney, navigate: Navigate): boolean {
  const opener = window.opener as Window | null;
  if (opener && !opener.closed && notifyOpener(opener, journey.opener) !== 'refused') {
    window.setTimeout(() => window.close(), POPUP_CLOSE_DELAY_MS);
    return true;
  }
  const stored = ownPath(storage.take('wxredirect'));
  if (stored) {
    navigate(stored);
    return true;
  }
  return false;
}

/** The query the visitor arrived with, less this page's own `purpose`. */
function journeySearch(params: URLSearchParams): string {
  const query = new URLSearchParams(params);
  query.delete('purpose');
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** /wechat and /midpage: the QR-code login (production only, spec §2). */
export default function WechatPage() {
  const t = useTexts(texts);
  const { locale } = useLocale();
  const brand = useBrand();
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  const location = useLocation();
  const { mutate } = useSWRConfig();
  const [params] = useSearchParams();
  const [address, setAddress] = useState<string>();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  const production = useRuntimeConfig().env === 'production';
  const code = params.get('code');
  // On the way out the purpose is in the address; on the way back, in the journey kept for it.
  const [binding, setBinding] = useState(!code && params.get('purpose') === WECHAT_BIND_PURPOSE);

  useEffect(() => {
    if (!production || started.current) return;
    started.current = true;
    const redirect = params.get('redirect');
    if (location.pathname === ROUTES.midpage && redirect) storage.set('wxredirect', redirect);
    if (code) {
      // WeChat sent our QR frame back here: the top page takes the code over, so that the login is
      // a first-party one (a login inside a frame gets the embedded widget's cross-site cookie).
      const top = ownTop();
      if (top) return top.location.replace(window.location.href);
      // No login started here (nothing stored) is as bad as a wrong state: a forged link signs nobody in.
      const journey = callbackJourney('wechat', params);
      if (!journey) return setError(t.badState);
      const toUsercenter = () => navigate(ROUTES.usercenter, { replace: true });
      if (journey.purpose === 'bind') {
        // A bind keeps the session it started with; either way the visitor is back in the user centre.
        setBinding(true);
        bindCode('wechat', code)
          .then(() => mutate(SWR_KEYS.userInfo))
          .then(toUsercenter)
          .catch((err: unknown) => {
            // The API client has already shown the server's message.
            if (!(err instanceof ApiError)) notify.error(t.bindFailed);
            toUsercenter();
          });
        return;
      }
      const source = params.get('source') ?? new URLSearchParams(journey.search).get('source');
      exchangeCode('wechat', code, source)
        .then((reply) =>
          afterLogin(reply, journey.search, {
            handOver: () => handOver(journey, (to) => navigate(to, { replace: true })),
          }),
        )
        .catch((err: unknown) => setError(err instanceof ApiError ? err.message : t.failed));
      return;
    }
    wechatAddress({ purpose: binding ? 'bind' : 'login', search: journeySearch(params) })
      .then(setAddress)
      .catch(() => setError(binding ? t.bindFailed : t.failed));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per landing
  }, []);

  // Back where the visitor came from: the user centre for a bind, else the login page (with its query).
  const loginQuery = code || location.pathname === ROUTES.midpage ? '' : journeySearch(params);
  const back = binding ? (
    <RouterLink to={ROUTES.usercenter}>{t.backToUsercenter}</RouterLink>
  ) : (
    <RouterLink to={`${brand.route('login')}${loginQuery}`}>{t.back}</RouterLink>
  );
  const title = binding ? t.bindTitle : t.title;
  if (!production) {
    return (
      <PublicLayout title={title}>
        <Alert type="warning" content={productMessage('wechatUnsupported', locale)} />
        <div className="form-links">{back}</div>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title={title}>
      {error ? (
        <Result status="error" title={binding ? t.bindFailed : t.failed} subTitle={error} />
      ) : code ? (
        <Result status={null} icon={<Spin size={32} />} title={binding ? t.binding : t.signingIn} />
      ) : (
        <div className="qr-container">
          <p>{binding ? t.bindScan : t.scan}</p>
          {address ? <iframe className="qr-frame" title={t.qr} src={address} /> : <Spin size={32} />}
        </div>
      )}
      <div className="form-links">{back}</div>
    </PublicLayout>
  );
}
