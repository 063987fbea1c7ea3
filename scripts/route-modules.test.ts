/**
 * A back-office page is named in several tables: its route and module (admin-routes.tsx), the
 * chunks its document announces (route-modules.ts), the list its first screen holds and the
 * module that list needs (shared/api/first-screen.ts), and that list's SWR resource
 * (client/lib/api/swr-keys.ts). Each is derived from or checked against the route tree here: a
 * page or list named in one and not the others fails.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LISTS, firstListOf, type FirstListName } from '@shared/api/first-screen';
import { ADMIN_ROUTES } from '@client/features/admin/admin-routes';
import { LIST_RESOURCES } from '@client/lib/api/swr-keys';
import { ADMIN_SHELL, IN_APP_MODULES, ROUTE_MODULES } from './route-modules';

const ROOT = path.resolve(import.meta.dirname, '..');
const noQuery = new URLSearchParams();

describe('the tables that name a back-office page', () => {
  it('name only files that exist', () => {
    for (const file of [...Object.values(ROUTE_MODULES).flat(), ...IN_APP_MODULES])
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it("announce each module page's chunk: the shell's and the page's own, the file its route loads", () => {
    for (const route of ADMIN_ROUTES) {
      // `import('./routes/user/index')`, as Vite resolves it: `…("/client/features/admin/routes/user/index.tsx")`.
      const loaded = /(routes\/[\w/-]+?)(?:\.tsx)?['"]/.exec(route.load.toString())?.[1];
      expect(loaded, route.path).toBeDefined();
      expect(ROUTE_MODULES[route.path], route.path).toEqual([
        ADMIN_SHELL,
        `client/features/admin/${loaded}.tsx`,
      ]);
    }
    const announced = Object.keys(ROUTE_MODULES).filter((page) => page.startsWith('/admin/'));
    expect(announced.sort()).toEqual(ADMIN_ROUTES.map((route) => route.path).sort());
  });

  it("give each list page its first list, of the page's own module, with its SWR resource", () => {
    const listed = new Set<FirstListName>();
    for (const route of ADMIN_ROUTES) {
      const list = firstListOf(route.path, noQuery);
      expect(list, route.path).toBeDefined();
      listed.add(list!.name);
      expect(FIRST_LISTS[list!.name].module, route.path).toBe(route.module);
      expect(LIST_RESOURCES, route.path).toHaveProperty(list!.name);
    }
    // And no back-office list that no page opens on.
    const backOffice = (Object.keys(FIRST_LISTS) as FirstListName[]).filter(
      (name) => FIRST_LISTS[name].module,
    );
    expect(backOffice.sort()).toEqual([...listed].sort());
  });
});
