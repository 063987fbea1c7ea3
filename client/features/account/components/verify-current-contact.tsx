import { Input, Radio } from '@arco-design/web-react';
import { FormItem } from '@client/components/checked-form';
import type { UserInfo } from '@shared/contract/personal';
import { maskContact } from '@shared/mask';
import type { ContactChannel, VerificationStep } from '@shared/api/verification-flows';
import { stepCodeRequest } from '../api';
import { CodeField } from '@client/components/code-field';
import { texts } from './contact-change.locale';
import { useSendCode } from '@client/components/use-send-code';
import { useTexts } from '@client/lib/i18n/use-texts';

/**
 * Step 0 of a change (spec §4): a code to a contact the account already has, with a choice of
 * channel when it has both. Renders the fields of the surrounding form: `code` is its field.
 */
export function VerifyCurrentContact(props: {
  user: UserInfo;
  step: VerificationStep;
  channel: ContactChannel;
  onChannel(channel: ContactChannel): void;
}) {
  const { user, step, channel } = props;
  const t = useTexts(texts);
  const code = useSendCode('step');
  const current = user[channel] ?? '';
  return (
    <>
      {user.phone && user.email ? (
        <FormItem label={t.verifyWith}>
          <Radio.Group type="button" value={channel} onChange={(v: ContactChannel) => props.onChannel(v)}>
            <Radio value="phone">{t.viaPhone}</Radio>
            <Radio value="email">{t.viaEmail}</Radio>
          </Radio.Group>
        </FormItem>
      ) : null}
      {/* Where the code goes, as readable text (masked): a field of its own, so that its label
          names it; read-only, not disabled, which browsers grey out and screen readers skip. */}
      <FormItem
        key={channel}
        label={channel === 'phone' ? t.currentPhone : t.currentEmail}
        field={channel === 'phone' ? 'currentPhone' : 'currentEmail'}
        initialValue={maskContact(channel, current)}
      >
        <Input readOnly className="uc-readonly-value" />
      </FormItem>
      <CodeField
        channel={channel}
        label={t.code}
        placeholder={t.codePlaceholder}
        onSend={() => code.send(stepCodeRequest(step, current))}
      />
      {code.dialog}
    </>
  );
}
