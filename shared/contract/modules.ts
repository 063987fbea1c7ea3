/**
 * The back office's modules, and which of them a user may open (spec §7
 * role/management/user/res/list): asked on every signed-in page that shows the way to the back
 * office, hence apart from the rest of the back office's contract (admin.ts).
 */
import { z } from 'zod/mini';
import { BACK_OFFICE, BACK_OFFICE_NAMES, type BackOfficeModule } from '../back-office';
import { optionalField } from './fields';

export type { BackOfficeModule };
/** The modules the product knows, in menu order: the back office's table names them (shared/back-office.ts). */
export const BACK_OFFICE_MODULES: readonly BackOfficeModule[] = BACK_OFFICE_NAMES.map(
  (name) => BACK_OFFICE[name].module,
);

export const userResListRequest = z.nullish(z.strictObject({ userId: optionalField }));
/** data of role/management/user/res/list: the module names the user may open. */
const isBackOfficeModule = (name: string): name is BackOfficeModule =>
  (BACK_OFFICE_MODULES as readonly string[]).includes(name);
/** The modules a user may open: one the product does not know (a module added upstream) is left out, not a refusal of all. */
export const userResListData = z.pipe(
  z.array(z.string()),
  z.transform((names) => names.filter(isBackOfficeModule)),
);
export type UserResListData = z.output<typeof userResListData>;
