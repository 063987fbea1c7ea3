// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { validationText, type ValidationCode } from '@shared/validation/messages';
import { LOCALES, openInApp, setUpClientTest } from '@tests/support/client-app';
import { platform } from '@tests/support/client-fixtures';
import { fill, fillAndLeave, settle, shown, submitForm } from '@tests/support/client-form';
import PlatformFormPage from './form';
import { texts } from './locale';

const MEDIA = platform({ clientSecret: 'secret-1' });
const uaa = setUpClientTest({ platformDetail: MEDIA, platformReset: [] });

describe.each(LOCALES)('the sub-platform form in %s', (lang) => {
  const t = texts[lang];
  const text = (code: ValidationCode) => validationText(code, lang);
  const open = (url: string) =>
    openInApp(<PlatformFormPage />, { url, lang, route: '/admin/platform/:operate' });

  it('needs a name and a logout URL (spec §5)', async () => {
    await open('/admin/platform/create');
    await submitForm();
    expect(shown(text('platformNameRule'))).toBe(true);
    expect(shown(text('required'))).toBe(true);
    expect(uaa.callsOf('platformAdd')).toEqual([]);
  });

  it.each([
    ['name', 'Media!', 'platformNameRule'],
    ['name', 'M'.repeat(33), 'platformNameRule'],
    ['homePageUrl', 'ftp://media.example.com', 'urlRule'],
    ['callback', `https://example.com/${'a'.repeat(500)}`, 'urlRule'],
    ['description', 'a <b>bold</b> one', 'descriptionRule'],
  ] as const)('refuses the %s "%s" with %s', async (field, value, code) => {
    await open('/admin/platform/create');
    await fillAndLeave(t[field], value);
    await submitForm();
    expect(shown(text(code))).toBe(true);
    expect(uaa.callsOf('platformAdd')).toEqual([]);
  });

  it('adds a platform, its address trimmed, then returns to the list', async () => {
    const { where } = await open('/admin/platform/create');
    fill(t.name, '媒体Media2');
    fill(t.logoutUrl, 'https://media.example.com/logout ');
    await submitForm();
    expect(uaa.callsOf('platformAdd').map((c) => c.body)).toEqual([
      {
        displayName: '媒体Media2',
        homePageUrl: '',
        callback: '',
        logoutUrl: 'https://media.example.com/logout',
        logo: '',
        description: '',
      },
    ]);
    expect(uaa.notified.success).toHaveBeenCalledWith(t.createdDone);
    expect(where.path).toBe(`/admin/platform?lang=${lang}`);
  });

  it('edits the platform the address names', async () => {
    await open('/admin/platform/edit?id=p1');
    expect(uaa.callsOf('platformDetail').map((c) => c.body)).toEqual([{ id: 'p1' }]);
    fill(t.callback, 'https://media.example.com/cb');
    await submitForm();
    expect(uaa.callsOf('platformUpdate')[0]?.body).toMatchObject({
      id: 'p1',
      displayName: 'Media',
      callback: 'https://media.example.com/cb',
    });
    expect(uaa.notified.success).toHaveBeenCalledWith(t.updated);
  });

  it('resets the client secret once confirmed, from the authentication tab', async () => {
    await open('/admin/platform/edit?id=p1');
    fireEvent.click(screen.getByRole('tab', { name: t.authTab }));
    expect(screen.getByTestId('client-secret').textContent).toBe('secret-1');
    fireEvent.click(screen.getByRole('button', { name: t.resetSecret }));
    await settle();
    // The dialog's last button confirms (Arco's order: Cancel, then OK).
    fireEvent.click(
      within(screen.getByRole('dialog', { name: t.resetTitle }))
        .getAllByRole('button')
        .at(-1)!,
    );
    await waitFor(() => expect(uaa.notified.success).toHaveBeenCalledWith(t.resetDone));
    expect(uaa.callsOf('platformReset').map((c) => c.body)).toEqual([{ ids: ['p1'] }]);
  });

  it.each(['copy', 'edit'])('goes back to the list for /admin/platform/%s without an id', async (operate) => {
    const { where } = await open(`/admin/platform/${operate}`);
    // In the language the address named (issue 39).
    expect(where.path).toBe(`/admin/platform?lang=${lang}`);
    expect(uaa.calls).toEqual([]);
  });
});
