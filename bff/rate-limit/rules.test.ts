import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { documentCallOf, loadRulesFile, MAX_RULES, parseRules } from './rules';

describe('the UAA call a document counts as', () => {
  it.each([
    ['GET', '/usercenter', ENDPOINTS.userInfo],
    ['GET', '/admin/user', ENDPOINTS.userInfo],
    ['HEAD', '/usercenter', undefined],
    ['GET', '/authentication', ENDPOINTS.internalAuth],
    ['HEAD', '/Authentication/', ENDPOINTS.internalAuth],
    ['GET', '/xlab-authentication', ENDPOINTS.internalAuth],
    ['POST', '/authentication', undefined],
    ['GET', '/login', undefined],
    ['GET', '/other-authentication', undefined],
  ])('%s %s', (method, path, call) => {
    expect(documentCallOf(method, path, 'xlab')).toBe(call);
  });
});

describe('a rules file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rules-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fileOf = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const rule = (overrides: Record<string, unknown> = {}) => ({
    name: 'r',
    match: ['/gw/uaa-be/api/v1/login/getSmsCode'],
    key: 'ip',
    limit: 1,
    windowS: 60,
    ...overrides,
  });

  it('of ConfigMap size is refused by its size before it is parsed, in one short line', () => {
    // An array of half a million numbers: its validation once filled the heap of every replica.
    const file = fileOf('huge.json', `[${Array.from({ length: 500_000 }, () => '1').join(',')}]`);
    const loaded = loadRulesFile(file);
    expect(loaded).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^is 1000001 bytes, over the 65536/)],
    });
  });

  it('is refused with a few problems, not one per item, when it holds too many or too bad rules', () => {
    expect(parseRules(Array.from({ length: 30_000 }, () => 1))).toEqual({
      ok: false,
      errors: [`must hold at most ${MAX_RULES} rules (it holds 30000)`],
    });
    const bad = parseRules(Array.from({ length: MAX_RULES }, (_, i) => ({ name: `r${i}`, limit: 0 })));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toHaveLength(11);
    expect(bad.errors.at(-1)).toMatch(/^and \d+ more problems$/);
    expect(JSON.stringify(bad.errors).length).toBeLessThan(1500);
  });

  it('refuses a rule path that matches no gateway call, naming it, and takes any spelling of one that does', () => {
    const regex = parseRules([rule({ match: ['/gw/uaa-be/api/v1/login/.*'] })]);
    expect(regex).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(
          /^\[0\]\.match\[0\]: matches no gateway call \("\/gw\/uaa-be\/api\/v1\/login\/\.\*"\)/,
        ),
      ],
    });
    expect(parseRules([rule({ match: ['/gw/nothing/*'] })]).ok).toBe(false);
    expect(parseRules([rule({ match: ['/gw/uaa-be/api/v1/login/getSmsCode', '/gw/uaa-be/typo'] })])).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^\[0\]\.match\[1\]: matches no gateway call/)],
    });
    for (const match of [
      ['/gw/uaa-be/API/v1//login/getsmscode'],
      ['/gw/uaa-be/api/v1/login/*'],
      ['/gw/*'],
      ['/gw/upload/api/v1/uploadFile'],
      ['/gw/uaa-be/static/redirect-white-list.json'],
    ])
      expect(parseRules([rule({ match })]).ok, match[0]).toBe(true);
  });

  it('in the repository (deployment, browser tests, soak) loads', () => {
    for (const file of [
      'deploy/kubernetes/rate-limits.json',
      'tests/e2e/rate-limits.json',
      'tests/soak/rate-limits.json',
    ])
      expect(loadRulesFile(file), file).toMatchObject({ ok: true });
  });
});
