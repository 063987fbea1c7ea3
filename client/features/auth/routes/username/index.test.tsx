// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { validationText, type ValidationCode } from '@shared/validation/messages';
import { LOCALES, renderInApp, setUpClientTest } from '@tests/support/client-app';
import { fill, fillAndLeave, press, settle, shown } from '@tests/support/client-form';
import { storeDestination } from '@client/lib/destination';
import UsernamePage from './index';
import { texts } from './locale';

let username: string | null = null;
const uaa = setUpClientTest({
  usernameCheck: { exist: false },
  userInfo: () => ({ ssoUid: 'u1', username }),
  infoUpdate: (body: { username: string }) => {
    username = body.username;
  },
});

beforeEach(() => {
  username = null;
});

async function open(lang: (typeof LOCALES)[number], url = '/username') {
  const page = renderInApp(<UsernamePage />, { url, lang });
  await settle();
  return page;
}

describe.each(LOCALES)('the set-username page in %s', (lang) => {
  const t = texts[lang];
  const text = (code: ValidationCode) => validationText(code, lang);

  it.each([
    ['', 'usernameRequired'],
    ['ab', 'usernameLength'],
    ['ab__c', 'usernameConsecutive'],
    ['abc.', 'usernameEnd'],
    ['ab c', 'usernameChars'],
  ] as const)(
    'refuses "%s" with %s when the field is left, without asking the server',
    async (value, code) => {
      await open(lang);
      await fillAndLeave(t.username, value);
      expect(shown(text(code))).toBe(true);
      expect(uaa.callsOf('usernameCheck')).toEqual([]);
    },
  );

  it('sets a free name, says so and goes on to the user centre', async () => {
    const { where } = await open(lang);
    fill(t.username, 'alice');
    await press(t.confirm);
    expect(uaa.calls.map((c) => c.name).filter((n) => n !== 'userInfo')).toEqual([
      'usernameCheck',
      'infoUpdate',
    ]);
    expect(uaa.callsOf('infoUpdate')[0]?.body).toEqual({ username: 'alice' });
    expect(uaa.notified.success).toHaveBeenCalledWith(t.done);
    expect(where.path).toBe('/usercenter');
  });

  it('sets nothing when the server says the name is taken', async () => {
    uaa.answer({ usernameCheck: { exist: true } });
    const { where } = await open(lang);
    fill(t.username, 'alice');
    await press(t.confirm);
    expect(shown(text('usernameTaken'))).toBe(true);
    expect(uaa.callsOf('infoUpdate')).toEqual([]);
    expect(where.path).toBe(`/username?lang=${lang}`);
  });
});

describe('the set-username page for an account that has a name', () => {
  it('never offers the form (a name is set once) and goes back where the session ended', async () => {
    username = 'alice';
    storeDestination('/usercenter?tab=keys', undefined);
    const { where } = await open('en-US');
    expect(shown(texts['en-US'].title)).toBe(false);
    expect(where.path).toBe('/usercenter?tab=keys');
  });
});
