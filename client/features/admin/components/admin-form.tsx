/** What every back-office form has: its buttons and its description field. */
import { Button, Input } from '@arco-design/web-react';
import { FormItem } from '@client/components/checked-form';
import { checkDescription, LIMITS } from '@shared/validation/rules';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useRule } from '@client/components/form-rules';
import { adminTexts } from './admin-shell.locale';

/** A form's buttons: Save and Cancel while editing; Edit and Back when only viewing. */
export function AdminFormButtons({
  readOnly,
  saving,
  onEdit,
  onBack,
}: {
  readOnly: boolean;
  saving: boolean;
  onEdit: () => void;
  onBack: () => void;
}) {
  const t = useTexts(adminTexts);
  return (
    <div className="admin-form-buttons">
      {readOnly ? (
        <>
          <Button type="primary" onClick={onEdit}>
            {t.edit}
          </Button>
          <Button onClick={onBack}>{t.back}</Button>
        </>
      ) : (
        <>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t.save}
          </Button>
          <Button onClick={onBack}>{t.cancel}</Button>
        </>
      )}
    </div>
  );
}

/** The free-text description of a platform or a user, with its length limit shown. */
export function DescriptionField({ label, placeholder }: { label: string; placeholder: string }) {
  const rule = useRule();
  return (
    <FormItem label={label} field="description" rules={rule(checkDescription)}>
      <Input.TextArea
        placeholder={placeholder}
        // Counted, never cut: a longer paste stays whole and the rule says what is wrong.
        maxLength={{ length: LIMITS.descriptionMax, errorOnly: true }}
        showWordLimit
        rows={3}
      />
    </FormItem>
  );
}
