import { Alert, Result, Spin } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { productMessage } from '@shared/errors/catalogue';
import { ROUTES } from '@shared/routes';
import { ApiError } from '../../api/client';
import { useBrand } from '../../app/brand';
import {
  exchangeCode,
  notifyOpener,
  openerDestination,
  POPUP_CLOSE_DELAY_MS,
  takeOauthState,
  wechatAddress,
} from '../../app/oauth';
import { runtimeConfig } from '../../app/runtime-config';
import { storage } from '../../app/storage';
import { PublicLayout } from '../../app/layouts/public-layout';
import { useTexts } from '../../i18n/define-texts';
import { texts } from './locale';
import { useLocale } from '../../i18n/locale-context';
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

/** Where a finished WeChat login goes: a popup tells its opener, the page itself moves on. */
function finish(navigate: (to: string) => void): void {
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) {
    notifyOpener(opener);
    window.setTimeout(() => window.close(), POPUP_CLOSE_DELAY_MS);
    return;
  }
  const stored = storage.take('wxredirect');
  navigate(stored && stored.startsWith('/') && !stored.startsWith('//') ? stored : openerDestination(''));
}

/** /wechat and /midpage: the QR-code login (production only, spec §2). */
export default function WechatPage() {
  const t = useTexts(texts);
  const { locale } = useLocale();
  const brand = useBrand();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [address, setAddress] = useState<string>();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  const production = runtimeConfig().env === 'production';
  const code = params.get('code');

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
      const expected = takeOauthState();
      if (!expected || params.get('state') !== expected) return setError(t.badState);
      exchangeCode('wechat', code, params.get('source'))
        .then(() => finish((to) => navigate(to, { replace: true })))
        .catch((err: unknown) => setError(err instanceof ApiError ? err.message : t.failed));
      return;
    }
    wechatAddress()
      .then(setAddress)
      .catch(() => setError(t.failed));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per landing
  }, []);

  const back = <RouterLink to={brand.route('login')}>{t.back}</RouterLink>;
  if (!production) {
    return (
      <PublicLayout title={t.title}>
        <Alert type="warning" content={productMessage('wechatUnsupported', locale)} />
        <div className="form-links">{back}</div>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title={t.title}>
      {error ? (
        <Result status="error" title={t.failed} subTitle={error} />
      ) : code ? (
        <Result status={null} icon={<Spin size={32} />} title={t.signingIn} />
      ) : (
        <div className="qr-container">
          <p>{t.scan}</p>
          {address ? <iframe className="qr-frame" title={t.qr} src={address} /> : <Spin size={32} />}
        </div>
      )}
      <div className="form-links">{back}</div>
    </PublicLayout>
  );
}
