/**
 * Safari's engine: Debian's WebKitGTK MiniBrowser, driven over WebDriver (classic) by Debian's
 * WebKitWebDriver (webkit2gtk-driver), through webdriverio's client, in a window on the Xvfb
 * display the tier started (global-setup.ts). Each size is a session of its own: the window sized
 * so that the page has exactly the size's viewport, and on a phone an iPhone's user agent.
 */
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remote } from 'webdriverio';
import { freePort, until } from '../support/http';
import type { EngineDriver, ElementRef, Size } from './engine-page';

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Where Debian puts MiniBrowser (libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver). */
export function miniBrowserPath(): string {
  for (const dir of readdirSync('/usr/lib').filter((d) => d.endsWith('-linux-gnu'))) {
    const file = path.join('/usr/lib', dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(file)) return file;
  }
  throw new Error('MiniBrowser not found: apt-get install webkit2gtk-driver');
}

/**
 * MiniBrowser's toolbar (its buttons and address entry) makes its window at least 447 px wide; a
 * GTK stylesheet of the test's own (XDG_CONFIG_HOME) lets them shrink, so that the page can be a
 * phone's 390 px. The page's own look is WebKit's, which GTK's stylesheet does not reach.
 */
const GTK_CSS =
  'box > button, box > entry, box > button *, box > entry * ' +
  '{ min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }\n';

/** The W3C element reference WebDriver answers with. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

function elementId(element: ElementRef): string {
  return (element as Record<string, string>)[ELEMENT_KEY]!;
}

export async function openWebKit(
  size: Size,
  baseURL: string,
  display: string,
  logDir: string,
): Promise<EngineDriver> {
  const config = mkdtempSync(path.join(tmpdir(), 'engines-webkit-'));
  mkdirSync(path.join(config, 'gtk-3.0'));
  writeFileSync(path.join(config, 'gtk-3.0', 'gtk.css'), GTK_CSS);
  const port = await freePort();
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `webkit-${size.name}.log`));
  const driverProcess = spawn('WebKitWebDriver', [`--port=${port}`], {
    // Without a GPU, WebKit's accelerated compositing costs more than it saves: the desktop journeys
    // took 122 s with it and 72 s without on this machine (layout, scripts and input are the same).
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: config, WEBKIT_DISABLE_COMPOSITING_MODE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  driverProcess.stdout.pipe(log);
  driverProcess.stderr.pipe(log);
  const stopDriver = () => driverProcess.kill('SIGKILL');
  process.once('exit', stopDriver);
  await until(
    `WebKitWebDriver on port ${port}`,
    async () => (await fetch(`http://127.0.0.1:${port}/status`).catch(() => null))?.ok === true,
    10_000,
    50,
  );

  const args = ['--automation', ...(size.name === 'phone' ? [`--user-agent=${IPHONE_UA}`] : [])];
  const browser = await remote({
    hostname: '127.0.0.1',
    port,
    path: '/',
    logLevel: 'error',
    connectionRetryCount: 0,
    capabilities: {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowserPath(), args },
      // WebKitWebDriver speaks WebDriver classic; no BiDi session upgrade.
      'wdio:enforceWebDriverClassic': true,
    } as WebdriverIO.Capabilities,
  });

  // The window's size less the page's is MiniBrowser's frame: the window is made that much larger.
  const inner = async () => (await browser.execute('return [innerWidth, innerHeight]')) as [number, number];
  await browser.setWindowSize(size.width, size.height);
  const [w, h] = await inner();
  await browser.setWindowSize(2 * size.width - w, 2 * size.height - h);
  const [width, height] = await inner();
  if (width !== size.width || height !== size.height)
    throw new Error(`MiniBrowser's page is ${width}×${height}, not ${size.width}×${size.height}`);

  return {
    goto: async (url) => {
      await browser.url(url);
    },
    url: () => browser.getUrl(),
    evaluate: async (expression) => {
      const value: unknown = await browser.execute(`return (${expression});`);
      return typeof value === 'object' && value !== null && ELEMENT_KEY in value
        ? { element: value }
        : { value };
    },
    click: (element) => browser.elementClick(elementId(element)),
    type: (element, text) => browser.elementSendKeys(elementId(element), text),
    screenshot: async (file) => {
      await browser.saveScreenshot(file);
    },
    fresh: async () => {
      await browser.url(new URL('/healthz', baseURL).href);
      await browser.deleteAllCookies();
      await browser.execute('localStorage.clear(); sessionStorage.clear();');
    },
    close: async () => {
      await browser.deleteSession().catch(() => undefined);
      stopDriver();
      process.off('exit', stopDriver);
      rmSync(config, { recursive: true, force: true });
    },
  };
}
