/**
 * A page in another browser engine, engine-neutral, with what the journeys need: going to an
 * address, finding what a person sees by its role and name, its label or its text (Testing
 * Library's queries, run in the page), clicking and typing as a person does (the engine's own
 * input: WebDriver's element click and send keys, BiDi's input actions), and waiting for each,
 * with a time limit. An engine brings an EngineDriver (webkit.ts, firefox.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as TestingLibrary from '@testing-library/dom';
import { TAKEN_OVER_ATTRIBUTE } from '../../shared/documents';
import { until } from '../support/http';

/** What a journey looks for, named as the page names it to a person (as Playwright's getByRole). */
export type Query = (
  | { role: string; name?: string; selected?: boolean; level?: number }
  | { text: string }
  | { label: string }
  | { css: string }
) & {
  /** Only inside the one element this finds. */
  in?: Query;
  /** The name, text or label contains the words (else it is them, as a whole). */
  exact?: boolean;
  /** Of those found, this one (0 the first, -1 the last); without it exactly one must be found. */
  nth?: number;
};

/** An element of the page, as the engine's client holds it. */
export type ElementRef = unknown;

export interface EngineDriver {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** The value of a JavaScript expression in the page (JSON), or the element it is. */
  evaluate(expression: string): Promise<{ element: ElementRef } | { value: unknown }>;
  click(element: ElementRef): Promise<void>;
  type(element: ElementRef, text: string): Promise<void>;
  screenshot(file: string): Promise<void>;
  /** Starts the next journey as a browser that has never seen the product: no cookies, no storage. */
  fresh(): Promise<void>;
  close(): Promise<void>;
}

export interface Size {
  name: 'desktop' | 'phone';
  width: number;
  height: number;
}

export const DESKTOP: Size = { name: 'desktop', width: 1280, height: 800 };
export const PHONE: Size = { name: 'phone', width: 390, height: 844 };

/** How long a journey waits for what it expects to see (a loaded machine runs two engines). */
const WAIT_MS = 20_000;
const POLL_MS = 50;

type Want = 'element' | 'text' | 'count';

/**
 * Runs in the page (its source is sent; it uses nothing from outside): the elements the query
 * finds, shown (laid out and not hidden); for 'element' and 'text' exactly one, and for 'element'
 * where it was at the last look (a dialog or menu that is still opening moves it).
 */
function inPage(arg: { query: Query; want: Want }): unknown {
  const lib = (window as unknown as { TestingLibraryDom?: typeof TestingLibrary }).TestingLibraryDom;
  if (!lib) return { problem: 'no-library' };
  const shown = (el: Element) =>
    el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const find = (q: Query, container: HTMLElement): HTMLElement[] | string => {
    let inside = container;
    if (q.in) {
      const outer = find(q.in, container);
      if (typeof outer === 'string') return outer;
      if (outer.length !== 1) return `${outer.length} elements to look in`;
      inside = outer[0]!;
    }
    const exact = q.exact !== false;
    let found: HTMLElement[];
    if ('role' in q) {
      const wanted = q.name;
      const name = wanted === undefined || exact ? wanted : (n: string) => n.includes(wanted);
      found = lib.queryAllByRole(inside, q.role as TestingLibrary.ByRoleMatcher, {
        name,
        selected: q.selected,
        level: q.level,
      });
    } else if ('text' in q) found = lib.queryAllByText(inside, q.text, { exact });
    else if ('label' in q) found = lib.queryAllByLabelText(inside, q.label, { exact });
    else found = Array.from(inside.querySelectorAll<HTMLElement>(q.css));
    found = found.filter(shown);
    if (q.nth !== undefined) {
      const one = found.at(q.nth);
      found = one ? [one] : [];
    }
    return found;
  };
  const found = find(arg.query, document.body);
  if (typeof found === 'string') return { problem: found };
  if (arg.want === 'count') return found.length;
  if (found.length !== 1) return { problem: found.length ? `${found.length} found` : 'none found' };
  const el = found[0]! as HTMLElement & { engineBox?: string };
  if (arg.want === 'text') return el.innerText;
  // At rest: where it was at the last look, and nothing it is part of in a transition or animation
  // (a dialog that is still opening moves its buttons; a click there may land beside them).
  const box = JSON.stringify(el.getBoundingClientRect());
  const moving = document.getAnimations().some((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return a.playState === 'running' && target instanceof Element && target.contains(el);
  });
  if (el.engineBox !== box || moving) {
    el.engineBox = box;
    return { problem: 'still moving' };
  }
  return el;
}

const IN_PAGE = inPage.toString();
/** Testing Library's browser build, as an expression that defines window.TestingLibraryDom. */
const LIBRARY = `(function () {\n${readFileSync(
  createRequire(import.meta.url).resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
)}\n;return true;\n}).call(globalThis)`;

/** The query as a person would say it: `button "Log in" in tabpanel "SMS login"`. */
export function describeQuery(q: Query): string {
  const what =
    'role' in q
      ? `${q.role}${q.name === undefined ? '' : ` "${q.name}"`}${q.selected ? ' (selected)' : ''}`
      : 'text' in q
        ? `text "${q.text}"`
        : 'label' in q
          ? `labelled "${q.label}"`
          : q.css;
  const nth = q.nth === undefined ? '' : ` #${q.nth}`;
  return `${what}${nth}${q.in ? ` in ${describeQuery(q.in)}` : ''}`;
}

function isProblem(value: unknown): value is { problem: string } {
  return typeof value === 'object' && value !== null && 'problem' in value;
}

/** WebDriver's words for a click that reached another element, or none yet: worth another try. */
const RETRY_CLICK = /intercepted|not interactable|stale|detached|not attached|no such element|obscured/i;

export class EnginePage {
  constructor(
    readonly engine: string,
    private readonly driver: EngineDriver,
    readonly baseURL: string,
    readonly size: Size,
  ) {}

  /** Opens a page of the product (a path, or a whole address) and waits until the app has it. */
  async goto(path: string): Promise<void> {
    await this.driver.goto(new URL(path, this.baseURL).href);
    await this.see({ css: `#root[${TAKEN_OVER_ATTRIBUTE}]` });
  }

  async url(): Promise<string> {
    return this.driver.url();
  }

  async waitForURL(pattern: RegExp): Promise<void> {
    let last = '';
    await until(
      () => `an address matching ${pattern} (still ${last})`,
      async () => pattern.test((last = await this.driver.url())),
      WAIT_MS,
      POLL_MS,
    );
  }

  /** Runs the in-page finder until `accept` takes its answer. */
  private async ask<T>(query: Query, want: Want, accept: (value: unknown) => value is T): Promise<T> {
    let problem = '';
    let result: T | undefined;
    await until(
      () => `${describeQuery(query)}: ${problem}`,
      async () => {
        const answer = await this.driver.evaluate(`(${IN_PAGE})(${JSON.stringify({ query, want })})`);
        const value = 'element' in answer ? answer.element : answer.value;
        if (isProblem(value)) {
          problem = value.problem;
          if (problem === 'no-library') await this.driver.evaluate(LIBRARY);
          return false;
        }
        if (!accept(value)) {
          problem = `found ${JSON.stringify(value)}`;
          return false;
        }
        result = value;
        return true;
      },
      WAIT_MS,
      POLL_MS,
    );
    return result as T;
  }

  private element(query: Query): Promise<ElementRef> {
    return this.ask(query, 'element', (v): v is ElementRef => v !== null && v !== undefined);
  }

  /** Waits until exactly one element matches and is shown. */
  async see(query: Query): Promise<void> {
    await this.element(query);
  }

  /** The text of the one element the query finds, as shown. */
  async textOf(query: Query): Promise<string> {
    return this.ask(query, 'text', (v): v is string => typeof v === 'string');
  }

  /** Waits until `count` elements (shown) match. */
  async seeCount(query: Query, count: (n: number) => boolean, what: string): Promise<number> {
    return this.ask(query, 'count', (v): v is number => typeof v === 'number' && count(v)).catch(
      (error: unknown) => {
        throw new Error(`${what}: ${String(error)}`);
      },
    );
  }

  /** Waits until nothing the query finds is shown. */
  async seeNo(query: Query): Promise<void> {
    await this.seeCount(query, (n) => n === 0, `no ${describeQuery(query)}`);
  }

  async click(query: Query): Promise<void> {
    let problem = '';
    await until(
      () => `a click on ${describeQuery(query)}: ${problem}`,
      async () => {
        try {
          await this.driver.click(await this.element(query));
          return true;
        } catch (error) {
          problem = String(error);
          if (RETRY_CLICK.test(problem)) return false;
          throw error;
        }
      },
      WAIT_MS,
      POLL_MS,
    );
  }

  /** Types into an empty field, key by key. */
  async type(query: Query, text: string): Promise<void> {
    await this.driver.type(await this.element(query), text);
  }

  /** How far the page reaches past the window's right edge (0: nothing scrolls sideways). */
  async sidewaysOverflow(): Promise<number> {
    const answer = await this.driver.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    return Number('value' in answer ? answer.value : NaN);
  }

  screenshot(file: string): Promise<void> {
    return this.driver.screenshot(file);
  }
}
