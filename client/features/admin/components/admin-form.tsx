/** What every back-office form has: its buttons, its description field and its draft. */
import { Alert, Button, Input, type FormInstance } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import { FormItem } from '@client/components/checked-form';
import { checkDescription, LIMITS } from '@shared/validation/rules';
import { sessionExpired, shownAccount } from '@client/lib/api/session-events';
import { draftOf, forgetDraft, keepDraft } from '@client/lib/form-draft';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useRule } from '@client/components/form-rules';
import { LinkButton } from '@client/components/link-button';
import type { OpenedFrom } from './list-filters';
import { adminTexts } from './admin-shell.locale';

/**
 * A form's buttons: Save and Cancel while editing; Edit and Back when only viewing, links to the
 * edit form's address (`editTo`, carrying `from`) and to the list's (`backTo`).
 */
export function AdminFormButtons({
  readOnly,
  saving,
  editTo,
  backTo,
  from,
  onCancel,
}: {
  readOnly: boolean;
  saving: boolean;
  editTo: string;
  backTo: string;
  from: OpenedFrom;
  onCancel: () => void;
}) {
  const t = useTexts(adminTexts);
  return (
    <div className="admin-form-buttons">
      {readOnly ? (
        <>
          <LinkButton type="primary" to={editTo} state={from}>
            {t.edit}
          </LinkButton>
          <LinkButton to={backTo}>{t.back}</LinkButton>
        </>
      ) : (
        <>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t.save}
          </Button>
          <Button onClick={onCancel}>{t.cancel}</Button>
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

/**
 * A form's draft (lib/form-draft.ts, issue 40): what is typed is kept in this tab as it is typed,
 * and given back, with a word, when the same account returns to the form after its session ended
 * under it (Save went to the login page); the form left while the session lasts (Save, Back, the
 * menu) takes its draft with it. `toDraft` leaves out what must never be stored (a password) or
 * cannot be (a picture's file). `ready`: the form is drawn (its record has come). Spread
 * `onValuesChange` on the Form and show `notice` above it.
 */
export function useFormDraft<V extends object>(
  form: FormInstance<V>,
  { name, ready, toDraft }: { name: string; ready: boolean; toDraft: (values: Partial<V>) => Partial<V> },
) {
  const t = useTexts(adminTexts);
  const [restored, setRestored] = useState(false);

  // After the form has drawn its record, on the client alone (the server has no draft to show). The
  // account is the one this tab shows (the shell has its user before it shows a page).
  useEffect(() => {
    const account = shownAccount();
    if (!ready || !account) return;
    const draft = draftOf(name, account);
    if (!draft) return;
    form.setFieldsValue(draft as Parameters<typeof form.setFieldsValue>[0]);
    setRestored(true);
  }, [ready, name, form]);

  useEffect(
    () => () => {
      if (!sessionExpired()) forgetDraft(name);
    },
    [name],
  );

  return {
    onValuesChange: (_changed: Partial<V>, values: Partial<V>) => {
      const account = shownAccount();
      if (account) keepDraft(name, account, toDraft(values) as Record<string, unknown>);
    },
    notice: restored ? (
      <Alert className="admin-draft-notice" type="info" content={t.draftRestored} closable />
    ) : null,
  };
}
