/**
 * /username once the account has a username (issue 29, item 10): a username is set once, so the
 * page sends the visitor on (to the platform the query names, else the user centre) instead of
 * offering its form again.
 */
import { expect, test } from '../support/e2e-fixtures';
import { loginAsAdmin } from '../support/e2e-admin';
import { texts as usernameTexts } from '../../client/features/auth/routes/username/locale';
import { LANGS } from '../support/e2e-texts';

for (const lang of LANGS) {
  test(`an account with a username is sent on from /username, never shown the form (${lang})`, async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto(`/username?lang=${lang}`);
    await expect(page).toHaveURL(/\/usercenter/);
    await expect(page.getByLabel(usernameTexts[lang].username)).toHaveCount(0);

    // With a platform in the query: on to it, with its one-time code.
    const target = 'http://localhost:3999/cb';
    const toPlatform = page.waitForRequest((r) => r.url().startsWith(`${target}?code=`));
    await page.goto(`/username?${new URLSearchParams({ clientId: 'uaa-media', redirect: target, lang })}`);
    await toPlatform;
  });
}
