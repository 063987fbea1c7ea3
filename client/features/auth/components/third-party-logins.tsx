import { Button, Divider } from '@arco-design/web-react';
import { IconGithub, IconSafe, IconWechat } from '@arco-design/web-react/icon';
import { useLocation, useNavigate } from 'react-router-dom';
import { productMessage } from '@shared/errors/catalogue';
import { useBrand } from '@client/lib/brand';
import { openOauthPopup } from '@client/lib/oauth-popup';
import { runtimeConfig } from '@client/lib/runtime-config';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './third-party-logins.locale';
import { useLocale } from '@client/lib/i18n/locale-context';
import { notify } from '@client/lib/notify';

/** GitHub and CARSI in a popup; WeChat's QR page in production only (spec §2). */
export function ThirdPartyLogins() {
  const t = useTexts(texts);
  const { locale } = useLocale();
  const brand = useBrand();
  const navigate = useNavigate();
  const { search } = useLocation();

  function wechat(): void {
    // The login page's query (clientId, redirect, …) goes along: /wechat routes by it afterwards.
    if (runtimeConfig().env === 'production') navigate(`${brand.route('wechat')}${search}`);
    else notify.warning(productMessage('wechatUnsupported', locale));
  }

  return (
    <div className="third-party">
      <Divider orientation="center">{t.or}</Divider>
      <div className="third-party-buttons">
        <Button shape="round" icon={<IconGithub />} onClick={() => void openOauthPopup('github')}>
          {t.github}
        </Button>
        <Button shape="round" icon={<IconWechat />} onClick={wechat}>
          {t.wechat}
        </Button>
        <Button shape="round" icon={<IconSafe />} onClick={() => void openOauthPopup('carsi')}>
          {t.carsi}
        </Button>
      </div>
    </div>
  );
}
