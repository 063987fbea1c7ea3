import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
/**
 * Framing (issue 30, item 3): another site may frame only the intern widget, and inside its frame
 * the app shows nothing but the widget, whatever the navigation. The visitor here is signed in
 * inside the embedding site's frame, as a login in the widget leaves them (the cross-site cookie
 * is partitioned by that site): the allow-listed embedder then frames the login page, which for a
 * signed-in visitor used to go on to /usercenter inside the frame, with the account's keys and its
 * log-out button under the other site's control.
 */
import { expect, test, type Page } from '../support/e2e-fixtures';
import { registerPhoneUser } from '../support/e2e-api';
import { common, login, notInFrame, usercenter } from '../support/e2e-texts';

/** The intern platform's address: a name the seed's allow-list (`localhost`) admits; nothing serves it. */
const INTERN = 'https://intern.localhost/welcome';

/** An embedding site on 127.0.0.1 (another site than localhost, allowed outside production). */
async function startEmbedder(pages: Map<string, string>): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(pages.get(req.url ?? '/') ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const address = (baseURL: string, path: string, query: Record<string, string>) => {
  const url = new URL(path, baseURL);
  url.search = new URLSearchParams(query).toString();
  return url.href;
};

/** Logs in inside the widget's frame on the embedder's page `/`, which the widget then tells. */
async function signInInsideTheWidget(page: Page, origin: string): Promise<void> {
  const user = await registerPhoneUser(page.request);
  await page.goto(`${origin}/`);
  const frame = page.frameLocator('#w');
  const t = login['en-US'];
  const panel = frame.getByRole('tabpanel', { name: t.passwordTab });
  await panel.getByRole('textbox', { name: t.account, exact: true }).fill(user.username);
  await panel.locator('input[type=password]').fill(user.password);
  await panel.getByText(common['en-US'].agree).click();
  await panel.getByRole('button', { name: t.submit, exact: true }).click();
  await frame.getByRole('button', { name: common['en-US'].verify }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { told: number }).told)).toBe(1);
  // The frame holds a session now: the page the embedder frames next is a signed-in visitor's.
  const widget = page.frames().find((f) => f.name() === 'w');
  const session = await widget!.evaluate(() => fetch('/bff/session').then((r) => r.json()));
  expect(session).toEqual({ authenticated: true });
}

test("a signed-in visitor's framed login never shows the user centre, only the widget and its flow", async ({
  page,
  baseURL,
}) => {
  const pages = new Map<string, string>();
  const { origin, server } = await startEmbedder(pages);
  const widget = { lang: 'en-US', clientId: 'uaa-intern', redirect: INTERN, openerOrigin: origin };
  pages.set(
    '/',
    `<!doctype html><title>Intern</title><iframe name="w" id="w" title="login widget" src="${address(baseURL!, '/login', { ...widget, entrance: 'login-abroad' })}" width="480" height="720"></iframe>
<script>window.told = 0; addEventListener('message', () => told++);</script>`,
  );
  const frames = {
    // The login page without the widget's parameters.
    plain: address(baseURL!, '/login', { lang: 'en-US' }),
    // With them, but no sub-platform to go on to: the page's guard sends a signed-in visitor on to
    // /usercenter, inside the frame.
    widget: address(baseURL!, '/login', { lang: 'en-US', redirect: INTERN }),
    // And the register page its links lead to.
    register: address(baseURL!, '/register', { lang: 'en-US', redirect: INTERN }),
    // With a sub-platform to go on to: the widget's own flow, its code issued to the intern platform.
    flow: address(baseURL!, '/login', widget),
  };
  pages.set(
    '/attack',
    `<!doctype html><title>Intern</title>${Object.entries(frames)
      .map(([name, src]) => `<iframe name="${name}" id="${name}" title="${name}" src="${src}"></iframe>`)
      .join('')}`,
  );
  try {
    await signInInsideTheWidget(page, origin);
    // The intern platform's address, with its code (a site nobody serves here).
    const onward = page.waitForRequest((request) => request.url().startsWith(`${INTERN}?`));
    await page.goto(`${origin}/attack`);

    // Not the widget's document: the browser refuses to frame it.
    await expect.poll(() => page.frame({ name: 'plain' })?.url()).toBe('chrome-error://chromewebdata/');
    // The widget's document, framed; where the app went on to, a note with the way out instead.
    for (const name of ['widget', 'register']) {
      const frame = page.frameLocator(`#${name}`);
      const open = frame.getByRole('link', { name: notInFrame['en-US'].open });
      await expect(open).toBeVisible();
      await expect(frame.getByText(notInFrame['en-US'].title)).toBeVisible();
      await expect(open).toHaveAttribute('target', '_blank');
      await expect(open).toHaveAttribute('rel', 'noopener');
      await expect(open).toHaveAttribute('href', /^\/usercenter/);
    }
    const request = await onward;
    expect(request.frame().name()).toBe('flow');
    expect(request.redirectedFrom()?.url()).toMatch(/\/authentication\?/);
    expect(new URL(request.url()).searchParams.get('code')).toBeTruthy();
    const texts = usercenter['en-US'];
    for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
      await expect(frame.getByText(texts.logout)).toHaveCount(0);
      await expect(frame.getByText(texts.menuKeys)).toHaveCount(0);
    }
  } finally {
    server.close();
  }
});
