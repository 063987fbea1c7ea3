// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLI_KEY_DESCRIPTION, type Credential } from '@shared/contract/credential';
import { productMessage } from '@shared/errors/catalogue';
import { validationText } from '@shared/validation/messages';
import { LOCALES, openInApp, Refusal, setUpClientTest, stubClipboard } from '@tests/support/client-app';
import { fill, press, settle, shown } from '@tests/support/client-form';
import { AccessKeys } from './access-keys';
import { copyTexts } from '@client/lib/hooks/use-copy.locale';
import { texts } from './locale';

const key = (ak: string, status: Credential['status'], description = ''): Credential => ({
  ak,
  sk: 'SK12****************ab',
  type: 'USER',
  status,
  description,
  createDate: '2026-01-02T03:04:05Z',
});
const ENABLED = key('AK-ON', 'ENABLED', CLI_KEY_DESCRIPTION);
const DISABLED = key('AK-OFF', 'DISABLED', 'backup job');

const uaa = setUpClientTest({
  credentialList: [ENABLED],
  credentialCreate: { ak: 'AK-NEW', sk: 'SK-NEW-FULL' },
  credentialSecret: { sk: 'SK-FULL-SECRET' },
});

describe.each(LOCALES)('the access keys in %s', (lang) => {
  const t = texts[lang];
  const open = (url = '/usercenter?tab=keys') =>
    openInApp(<AccessKeys ssoUid="u1" mobile={false} />, { url, lang });
  const dialog = (name: string) => within(screen.getByRole('dialog', { name }));

  it("lists the account's keys, the secret masked until shown, the command-line tool's marked", async () => {
    await open();
    expect(uaa.callsOf('credentialList').map((c) => c.body)).toEqual([{ sso_uid: 'u1' }]);
    expect(shown('AK-ON')).toBe(true);
    expect(shown(t.cliKey)).toBe(true);
    expect(screen.getByLabelText(t.sk).textContent).toBe('SK12****************ab');
    await press(`${t.show} ${t.sk}`);
    expect(uaa.callsOf('credentialSecret').map((c) => c.body)).toEqual([{ ak: 'AK-ON' }]);
    expect(screen.getByLabelText(t.sk).textContent).toBe('SK-FULL-SECRET');
  });

  it('offers no new key at the limit of two (spec §9)', async () => {
    uaa.answer({ credentialList: [ENABLED, DISABLED] });
    await open();
    expect(screen.getByRole('button', { name: t.createKey }).hasAttribute('disabled')).toBe(true);
    expect(shown(t.limitReached)).toBe(true);
  });

  it('creates a key with a description the rule admits, then shows its secret once', async () => {
    const { where } = await open();
    await press(t.createKey);
    // The open dialog is named in the address, so that a login brings the visitor back to it.
    expect(where.path).toBe(`/usercenter?tab=keys&lang=${lang}&type=create`);
    fill(t.description, 'for <script>');
    await settle();
    expect(dialog(t.createKeyTitle).getByRole('alert').textContent).toBe(
      validationText('descriptionRule', lang),
    );
    expect(dialog(t.createKeyTitle).getByRole('button', { name: t.create }).hasAttribute('disabled')).toBe(
      true,
    );
    fill(t.description, ' nightly export ');
    fireEvent.click(dialog(t.createKeyTitle).getByRole('button', { name: t.create }));
    await waitFor(() => expect(shown('SK-NEW-FULL')).toBe(true));
    expect(uaa.callsOf('credentialCreate').map((c) => c.body)).toEqual([{ description: 'nightly export' }]);
    expect(shown(t.keyCreatedTitle)).toBe(true);
    expect(uaa.callsOf('credentialList')).toHaveLength(2);
  });

  it('calls a reply without the key pair a failure (spec §7), with the spec text', async () => {
    uaa.answer({ credentialCreate: undefined });
    await open('/usercenter?tab=keys&type=create');
    fireEvent.click(dialog(t.createKeyTitle).getByRole('button', { name: t.create }));
    await settle();
    expect(uaa.notified.error).toHaveBeenCalledWith(productMessage('keyCreateFailed', lang));
  });

  it('will not delete an enabled key: it says to disable it first', async () => {
    await open();
    await press(t.delete);
    expect(screen.getByRole('alert').textContent).toBe(t.closeFirst);
    expect(uaa.callsOf('credentialRevoke')).toEqual([]);
  });

  it('disables a key with its switch', async () => {
    await open();
    fireEvent.click(screen.getByRole('switch', { name: `${t.status} AK-ON` }));
    await settle();
    expect(uaa.callsOf('credentialDisable').map((c) => c.body)).toEqual([{ ak: 'AK-ON' }]);
  });

  it('deletes a disabled key once confirmed', async () => {
    uaa.answer({ credentialList: [DISABLED] });
    await open();
    await press(t.delete);
    fireEvent.click(dialog(t.deleteConfirmTitle).getByRole('button', { name: t.delete }));
    await waitFor(() => expect(uaa.notified.success).toHaveBeenCalledWith(t.deleted));
    expect(uaa.callsOf('credentialRevoke').map((c) => c.body)).toEqual([{ ak: 'AK-OFF', type: 2 }]);
  });

  it('shows the key as it is now when its deletion is refused (switched on elsewhere meanwhile)', async () => {
    uaa.answer({
      credentialList: [DISABLED],
      credentialRevoke: new Refusal('A0201', 'close the key first', 200),
    });
    await open();
    expect(uaa.callsOf('credentialList')).toHaveLength(1);
    await press(t.delete);
    fireEvent.click(dialog(t.deleteConfirmTitle).getByRole('button', { name: t.delete }));
    await waitFor(() => expect(uaa.callsOf('credentialList')).toHaveLength(2));
    expect(uaa.notified.success).not.toHaveBeenCalled();
  });

  it('copies a secret not shown by fetching it; a refused copy or fetch is said, never silent', async () => {
    const writeText = stubClipboard();
    await open();
    await press(`${t.copy} ${t.sk}`);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('SK-FULL-SECRET'));
    expect(uaa.notified.success).toHaveBeenCalledWith(copyTexts[lang].copied);

    writeText.mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'));
    await press(`${t.copy} ${t.sk}`);
    await waitFor(() => expect(uaa.notified.error).toHaveBeenCalledWith(copyTexts[lang].copyFailed));

    uaa.answer({ credentialSecret: new Refusal('A0201', 'no such key', 200) });
    uaa.notified.error.mockClear();
    await press(`${t.copy} ${t.sk}`);
    await waitFor(() => expect(uaa.notified.error).toHaveBeenCalledTimes(1));
    expect(uaa.notified.error).not.toHaveBeenCalledWith(copyTexts[lang].copyFailed);
    expect(writeText).toHaveBeenCalledTimes(2);
  });
});
