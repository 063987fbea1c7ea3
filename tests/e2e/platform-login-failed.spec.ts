/**
 * A signed-in visitor sent to a platform the UAA issues no code for (issue 29, item 1): a
 * clientId it does not know, or a platform just deleted in the back office. /authentication and
 * /login used to send the browser to each other about fifteen times a second, for ever; now the
 * page says so, stays, and offers the way on.
 */
import { expect, test } from '../support/e2e-fixtures';
import { signInAsNewUser } from '../support/e2e-api';
import { authentication, LANGS } from '../support/e2e-texts';

for (const lang of LANGS) {
  const t = authentication[lang];

  test(`a platform the UAA does not know: said once, no loop between /authentication and /login (${lang})`, async ({
    page,
    baseURL,
  }) => {
    await signInAsNewUser(page, baseURL!);
    let documents = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
    });
    const query = new URLSearchParams({
      clientId: 'no-such-platform',
      redirect: `${baseURL}/landing`,
      lang,
    });
    await page.goto(`/authentication?${query}`);
    await expect(page.getByRole('heading', { name: t.failedTitle })).toBeVisible();
    await expect(page.getByText(t.failedBody)).toBeVisible();
    // The page stays: one document, no bounce to /login (which sent a signed-in visitor back).
    expect(new URL(page.url()).pathname).toBe('/authentication');
    expect(documents).toBe(1);

    // The way on: the user centre, where the visitor is still signed in.
    await page.getByRole('link', { name: t.toUserCenter }).click();
    await expect(page).toHaveURL(/\/usercenter/);
  });
}
