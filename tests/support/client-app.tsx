/**
 * What the client's feature tests share (jsdom): a page in the app's providers (the language of
 * the address, a router at that address, an SWR cache of its own), and a UAA behind a stubbed
 * `fetch` that records every call the page makes (endpoint, body, headers) and answers it. A test
 * sees the calls as the BFF would, and opens an encrypted password with the key it handed out.
 * No vi.mock (vitest runs with isolate: false, and a module mock would leak into other files):
 * `setUpClientTest` stubs and spies per test and puts everything back after it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { Modal } from '@arco-design/web-react';
import { cleanup, render, waitFor, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { ENDPOINTS, GATEWAY_BASE, UPLOAD_GATEWAY_BASE, type EndpointName } from '@shared/contract/endpoints';
import type { PasswordEnvelope } from '@shared/crypto';
import type { Locale } from '@shared/i18n/locale';
import { initialLocale, LocaleProvider } from '@client/lib/i18n/locale-context';
import { RenderContextProvider } from '@client/lib/render-context';
import { runtimeConfig } from '@client/lib/runtime-config';
import { notify } from '@client/lib/notify';
import { decryptEnvelope } from '@local-uaa/passwords';
import { settle } from './client-form';

export const LOCALES: readonly Locale[] = ['en-US', 'zh-CN'];

/** A call the page made, as the gateway received it (header names in lower case). */
export interface UaaCall {
  name: EndpointName;
  body: unknown;
  headers: Record<string, string>;
}

/** A refusal the UAA answers with (msgCode other than 10000), and the HTTP status it comes with. */
export class Refusal {
  constructor(
    readonly msgCode: string,
    readonly msg: string,
    readonly status = 200,
  ) {}
}

/** A call's answer: its reply's `data` or a refusal, or a function of the body giving (a promise of) one. */
export type Answer = unknown;
export type Answers = Partial<Record<EndpointName, Answer | ((body: never) => Answer | Promise<Answer>)>>;

const BY_URL = new Map<string, EndpointName>(
  (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => [
    `${name === 'uploadFile' ? UPLOAD_GATEWAY_BASE : GATEWAY_BASE}${ENDPOINTS[name].path}`,
    name,
  ]),
);

let keys: { publicKey: string; privateKey: string } | undefined;
function keyPair() {
  keys ??= generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return keys;
}

/** The password and scene inside what the page sent as a password (shared/crypto.ts). */
export function openPassword(cipherText: unknown): Pick<PasswordEnvelope, 'password' | 'scene'> | null {
  const envelope = decryptEnvelope(keyPair().privateKey, cipherText);
  return envelope && { password: envelope.password, scene: envelope.scene };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface ClientTest {
  /** The UAA calls made so far, the public key's left out. */
  calls: UaaCall[];
  /** Sets how the UAA answers from now on (merged over the answers so far). */
  answer(answers: Answers): void;
  /** The calls of one endpoint. */
  callsOf(name: EndpointName): UaaCall[];
  /**
   * The first call of one endpoint, once the page has made it (a submit may first load the
   * password's encryption), and what the page did with its answer.
   */
  called(name: EndpointName): Promise<UaaCall>;
  notified: { success: MockInstance; error: MockInstance; warning: MockInstance };
}

/**
 * Registers the per-test set-up of a client feature test: a UAA answering `fetch` (every call a
 * success without data unless `answers` says otherwise; the public key always), quiet toasts
 * that the test can read, and Arco's media queries; all put back after each test.
 */
export function setUpClientTest(answers: Answers = {}): ClientTest {
  const test = {
    calls: [] as UaaCall[],
    answers: {} as Answers,
  } as ClientTest & { answers: Answers };
  test.answer = (more) => Object.assign(test.answers, more);
  test.callsOf = (name) => test.calls.filter((c) => c.name === name);
  test.called = async (name) => {
    await waitFor(() => expect(test.callsOf(name)).not.toEqual([]), { timeout: 5000 });
    await settle();
    return test.callsOf(name)[0]!;
  };

  // The encryption a password submit loads on demand, loaded once before the tests.
  beforeAll(() => import('@shared/crypto'));

  beforeEach(() => {
    test.calls = [];
    test.answers = { ...answers };
    test.notified = {
      success: vi.spyOn(notify, 'success').mockImplementation(() => undefined),
      error: vi.spyOn(notify, 'error').mockImplementation(() => undefined),
      warning: vi.spyOn(notify, 'warning').mockImplementation(() => undefined),
    };
    // Arco's Grid (in its Form) asks for the screen's breakpoints, the access keys for a narrow window.
    vi.stubGlobal('matchMedia', () => ({
      matches: false,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
    }));
    // Arco's ResizeObserver polyfill measures the icons of a table's cells: jsdom draws no SVG.
    (SVGElement.prototype as Partial<SVGGraphicsElement>).getBBox = () => new DOMRect();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const name = BY_URL.get(url);
        if (!name) return json({ msgCode: 'A0100', msg: `no such call: ${url}` }, 404);
        if (name === 'pubKey')
          return json({ msgCode: '10000', msg: 'success', data: { pubKey: keyPair().publicKey } });
        const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
        test.calls.push({ name, body, headers: Object.fromEntries(new Headers(init.headers)) });
        const given = test.answers[name];
        const answer = typeof given === 'function' ? await (given as (b: unknown) => Answer)(body) : given;
        if (answer instanceof Refusal)
          return json({ msgCode: answer.msgCode, msg: answer.msg }, answer.status);
        return json({ msgCode: '10000', msg: 'success', ...(answer === undefined ? {} : { data: answer }) });
      }),
    );
  });
  afterEach(async () => {
    cleanup();
    // Arco's static dialogs (Modal.confirm, Modal.success) live outside the rendered tree: closed,
    // they leave once their closing animation has run.
    Modal.destroyAll();
    await waitFor(() => expect(document.querySelector('.arco-modal-simple')).toBeNull());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    delete (navigator as { clipboard?: unknown }).clipboard;
    delete (SVGElement.prototype as Partial<SVGGraphicsElement>).getBBox;
  });
  return test;
}

/** jsdom has no clipboard: the page gets one that writes through `writeText`, a spy, until the test ends. */
export function stubClipboard(writeText: (value: string) => Promise<void> = async () => undefined) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

/** Where the router is now: path and query. */
export interface Where {
  readonly path: string;
}

function Probe({ into }: { into: { path: string } }) {
  const location = useLocation();
  into.path = `${location.pathname}${location.search}`;
  return null;
}

export interface AppOptions {
  /** The address the page is at (the language is added to its query). */
  url?: string;
  lang?: Locale;
  /** The route pattern the page is mounted at, for a page that reads its parameters. */
  route?: string;
}

/**
 * Renders `ui` as the app would at `url` in `lang`: the language from the address (as on a page
 * load), the router there, and an SWR cache of its own so that no test sees another's answers.
 */
export function renderInApp(
  ui: ReactNode,
  { url = '/', lang = 'en-US', route }: AppOptions = {},
): RenderResult & { where: Where } {
  const address = new URL(url, 'http://localhost');
  address.searchParams.set('lang', lang);
  const entry = `${address.pathname}${address.search}`;
  window.history.replaceState(null, '', entry);
  const where = { path: entry };
  const context = {
    config: runtimeConfig(),
    locale: initialLocale(),
    userAgent: navigator.userAgent,
    touchPoints: 0,
  };
  const result = render(
    <RenderContextProvider value={context}>
      <LocaleProvider initial={context.locale}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
          <MemoryRouter initialEntries={[entry]}>
            {route ? (
              <Routes>
                <Route path={route} element={ui} />
              </Routes>
            ) : (
              ui
            )}
            <Probe into={where} />
          </MemoryRouter>
        </SWRConfig>
      </LocaleProvider>
    </RenderContextProvider>,
  );
  return { ...result, where };
}

/** renderInApp, then the page's first calls answered and drawn. */
export async function openInApp(
  ui: ReactNode,
  options?: AppOptions,
): Promise<RenderResult & { where: Where }> {
  const page = renderInApp(ui, options);
  await settle();
  return page;
}

/** Runs `hook` in a component rendered as renderInApp renders a page; `result.current` is its latest value. */
export function renderHookInApp<R>(
  hook: () => R,
  options?: AppOptions,
): { result: { current: R }; where: Where } {
  const result = {} as { current: R };
  function Host() {
    result.current = hook();
    return null;
  }
  return { result, where: renderInApp(<Host />, options).where };
}
