/** Back-office roles (seeded; nothing edits them): which modules of spec §6 each one opens. */
import { BACK_OFFICE_MODULES, type BackOfficeModule } from '@shared/contract/admin';
import type { RoleRecord } from '../records';
import type { StoreContext } from './context';
import { Catalogue } from './record-table';

export class Roles extends Catalogue<number, RoleRecord> {
  constructor(records: readonly RoleRecord[], context: StoreContext) {
    super(records, (role) => role.roleId, context);
  }

  /** Back-office modules these roles (a user's) open, in the contract's order. */
  modulesOf(roleIds: readonly number[]): BackOfficeModule[] {
    const names = new Set<string>();
    for (const roleId of roleIds) {
      for (const name of this.records.get(roleId)?.resName.split(',') ?? []) names.add(name.trim());
    }
    return BACK_OFFICE_MODULES.filter((m) => names.has(m));
  }
}
