/**
 * A back-office module is named once, in its table (shared/back-office.ts), and every other table
 * that names it is derived from that one: its routes, the module names the contract knows, the
 * shell's menu and titles, its first list and that list's SWR resource, the chunks its document
 * announces. The one line that is not derived is its page's `import()`, which the client holds
 * (client/features/admin/admin-routes.tsx). Here each derived table is checked against the table,
 * both ways, and the `import()` against the file the table names: a module named in one and not
 * another, or a page file that does not exist or is not the one loaded, fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LISTS, firstListOf, type FirstListName } from '@shared/api/first-screen';
import { BACK_OFFICE, BACK_OFFICE_NAMES, type BackOfficeEntry } from '@shared/back-office';
import { BACK_OFFICE_MODULES } from '@shared/contract/admin';
import { LOCALES } from '@shared/i18n/locale';
import { ROUTES } from '@shared/routes';
import { ADMIN_ROUTES, PAGE_CODE_OF } from '@client/features/admin/admin-routes';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';
import { LIST_RESOURCES } from '@client/lib/api/swr-keys';
import {
  ADMIN_SHELL_CHUNK,
  backOfficeChunk,
  DESKTOP_CHUNKS,
  filtersChunk,
  IN_APP_CHUNKS,
  ROUTE_CHUNKS,
} from './route-modules';

const ROOT = path.resolve(import.meta.dirname, '..');
const noQuery = new URLSearchParams();
const entries = BACK_OFFICE_NAMES.map((name) => [name, BACK_OFFICE[name] as BackOfficeEntry] as const);

/**
 * The file an `import()` loads, from the repository's root: `import('./routes/user/index')` as
 * Vite resolves it, `…("/client/features/admin/routes/user/index.tsx")`.
 */
function loadedFile(load: () => unknown): string | undefined {
  const found = /['"]\/?(?:\.\/)?(?:client\/features\/admin\/)?(routes\/[\w/-]+?)(?:\.tsx)?['"]/.exec(
    load.toString(),
  )?.[1];
  return found && `client/features/admin/${found}.tsx`;
}

/** Every `import()` in the client that names its chunk: the name, and the file it loads from the root. */
function namedImports(): Array<{ name: string; file: string; from: string }> {
  const found = [];
  for (const entry of readdirSync(path.join(ROOT, 'client'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const from = path.join(entry.parentPath, entry.name);
    const source = readFileSync(from, 'utf8');
    for (const [, name, spec] of source.matchAll(
      /import\(\s*\/\*\s*webpackChunkName:\s*"([^"]+)"\s*\*\/\s*'([^']+)'/g,
    )) {
      const bare = spec!.startsWith('@client/')
        ? path.join(ROOT, 'client', spec!.slice('@client/'.length))
        : spec!.startsWith('@shared/')
          ? path.join(ROOT, 'shared', spec!.slice('@shared/'.length))
          : path.resolve(path.dirname(from), spec!);
      const file = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((end) => bare + end).find(existsSync);
      found.push({ name: name!, file: path.relative(ROOT, file ?? bare), from: path.relative(ROOT, from) });
    }
  }
  return found;
}

describe("the back office's table", () => {
  it('names only page files that exist', () => {
    for (const [, entry] of entries)
      for (const file of Object.values(entry.files))
        expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('announces only chunks that one import() each names, a list page by the file the table names', () => {
    const imports = namedImports();
    const desktop = Object.values(DESKTOP_CHUNKS).flat();
    for (const name of new Set([...Object.values(ROUTE_CHUNKS).flat(), ...desktop, ...IN_APP_CHUNKS]))
      expect(
        imports.filter((named) => named.name === name).map(({ from }) => from),
        name,
      ).toHaveLength(1);
    for (const [name, entry] of entries) {
      expect(imports.find((named) => named.name === backOfficeChunk(name))?.file, name).toBe(
        entry.files.list,
      );
      // Its filter fields, loaded by its list page, when the table names them.
      const fields = imports.find((named) => named.name === filtersChunk(name));
      expect(fields && [fields.file, fields.from], `${name}: filters`).toEqual(
        entry.files.filters && [entry.files.filters, entry.files.list],
      );
    }
  });

  it('names the files the client loads for each page: its list, and its form when it has one', () => {
    expect(Object.keys(PAGE_CODE_OF).sort()).toEqual([...BACK_OFFICE_NAMES].sort());
    for (const [name, entry] of entries) {
      const code = PAGE_CODE_OF[name];
      expect(loadedFile(code.list), `${name}: list`).toBe(entry.files.list);
      expect(code.form && loadedFile(code.form), `${name}: form`).toBe(entry.files.form);
    }
  });

  it('gives each module its routes, its menu item and its permission, in menu order', () => {
    // ROUTES' back-office entries are the table's, never one of their own (a module needs none).
    const named = entries.flatMap(([, entry]) => [entry.path, ...(entry.form ? [entry.form] : [])]);
    const routes: readonly string[] = Object.values(ROUTES);
    for (const route of routes.filter((route) => route.startsWith(`${ROUTES.admin}/`)))
      expect(named, route).toContain(route);
    expect(ADMIN_ROUTES.map(({ name, path, module }) => ({ name, path, module }))).toEqual(
      entries.map(([name, { path, module }]) => ({ name, path, module })),
    );
    expect(BACK_OFFICE_MODULES).toEqual(entries.map(([, entry]) => entry.module));
    for (const lang of LOCALES)
      expect(adminTexts[lang].modules, lang).toEqual(
        Object.fromEntries(entries.map(([, entry]) => [entry.module, entry.label[lang]])),
      );
  });

  it("gives each list page its first list, of the page's own module, with its SWR resource", () => {
    for (const [name, entry] of entries) {
      expect(firstListOf(entry.path, noQuery)?.name, name).toBe(name);
      expect(FIRST_LISTS[name].module, name).toBe(entry.module);
      expect(FIRST_LISTS[name].endpoint, name).toBe(entry.list.endpoint);
      expect(LIST_RESOURCES[name], name).toBe(entry.list.resource);
    }
    // And no back-office list, resource or page the table does not name.
    const backOffice = (Object.keys(FIRST_LISTS) as FirstListName[]).filter(
      (name) => FIRST_LISTS[name].module,
    );
    expect(backOffice.sort()).toEqual([...BACK_OFFICE_NAMES].sort());
    expect(Object.keys(LIST_RESOURCES).sort()).toEqual([...BACK_OFFICE_NAMES, 'credentials'].sort());
  });

  it("announces each list page's chunks: the shell's and the page's own", () => {
    for (const [name, entry] of entries)
      expect(ROUTE_CHUNKS[entry.path], name).toEqual([ADMIN_SHELL_CHUNK, backOfficeChunk(name)]);
    const announced = Object.keys(ROUTE_CHUNKS).filter((page) => page.startsWith(`${ROUTES.admin}/`));
    expect(announced.sort()).toEqual(entries.map(([, entry]) => entry.path).sort());
    // A desktop's document, its filter fields too; a list with none, nothing more.
    expect(DESKTOP_CHUNKS).toEqual(
      Object.fromEntries(
        entries
          .filter(([, entry]) => entry.files.filters)
          .map(([name, entry]) => [entry.path, [filtersChunk(name)]]),
      ),
    );
    expect(Object.keys(DESKTOP_CHUNKS).length).toBeGreaterThan(0);
  });
});
