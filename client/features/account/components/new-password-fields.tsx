import { Form } from '@arco-design/web-react';
import { PasswordInput } from '../../../components/password-input';
import { checkConfirmation, checkNewPassword } from '@shared/validation/rules';
import { useTexts } from '../../../lib/i18n/define-texts';
import { texts } from './contact-change.locale';
import { useRule } from '../../../components/form-rules';

/** A new password and its confirmation (fields `password` and `confirm` of the surrounding form). */
export function NewPasswordFields({ form }: { form: { getFieldValue(field: 'password'): unknown } }) {
  const t = useTexts(texts);
  const rule = useRule();
  return (
    <>
      <Form.Item
        label={t.newPassword}
        field="password"
        rules={rule(checkNewPassword)}
        validateTrigger="onBlur"
      >
        <PasswordInput placeholder={t.newPasswordPlaceholder} autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item
        label={t.confirmPassword}
        field="confirm"
        rules={rule((v) => checkConfirmation(form.getFieldValue('password'), v))}
        validateTrigger="onBlur"
      >
        <PasswordInput autoComplete="new-password" maxLength={20} />
      </Form.Item>
    </>
  );
}
