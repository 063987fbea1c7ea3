/** The agreement checkbox with its links; an unticked submit opens a popover prompt (spec §5). */
import { Checkbox, Link, Popover } from '@arco-design/web-react';
import { defineTexts, useTexts } from '../i18n/define-texts';
import { useValidationText } from './form-rules';
import { usePlatformLinks } from '../hooks/use-platform';
import { usePaneShown } from './tabs';

const texts = defineTexts(
  {
    prefix: 'I have read and agree to the',
    agreement: 'Service Agreement',
    and: 'and',
    privacy: 'Privacy Policy',
  },
  { prefix: '我已阅读并同意', agreement: '《服务协议》', and: '和', privacy: '《隐私政策》' },
);

export function Agreement(props: {
  checked: boolean;
  onChange(checked: boolean): void;
  prompt: boolean;
  onPromptClose(): void;
}) {
  const t = useTexts(texts);
  const text = useValidationText();
  const links = usePlatformLinks();
  const shown = usePaneShown();
  return (
    <Popover
      popupVisible={props.prompt && shown}
      onVisibleChange={(v) => (v ? undefined : props.onPromptClose())}
      content={<span role="alert">{text('agreementRequired')}</span>}
      position="tl"
      trigger="click"
    >
      <div className="agreement">
        <Checkbox checked={props.checked} onChange={(v: boolean) => props.onChange(v)}>
          {t.prefix}
        </Checkbox>{' '}
        <Link href={links.agreement} target="_blank" rel="noopener noreferrer">
          {t.agreement}
        </Link>{' '}
        {t.and}{' '}
        <Link href={links.privacy} target="_blank" rel="noopener noreferrer">
          {t.privacy}
        </Link>
      </div>
    </Popover>
  );
}
