// The import direction of STYLE.md is lint's (eslint.config.js, import-x/no-restricted-paths): these
// cases keep the rule honest, as a resolver that stopped resolving would let every import through.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

async function refused(file: string, specifier: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.some((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe('client import direction', () => {
  it.each([
    ['client/lib/storage.ts', '../components/center-spin'],
    ['client/lib/notify.ts', '@client/app/guards'],
    ['client/components/tabs.tsx', '../features/auth/api'],
    ['client/features/auth/routes/login/index.tsx', '../../../account/api'],
    ['client/features/auth/components/agreement.tsx', '@client/features/oauth/api'],
    ['client/features/admin/admin-routes.tsx', '../../app/guards'],
    ['client/features/auth/routes/register/index.tsx', '../login/locale'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(true);
  });

  it.each([
    ['client/components/tabs.tsx', '../lib/storage'],
    ['client/features/admin/routes/role/index.tsx', '../../components/admin-list'],
    ['client/features/auth/routes/login/index.tsx', '../../../../components/code-input'],
    ['client/app/router.tsx', '../features/admin/admin-mount'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await refused(file, specifier)).toBe(false);
  });
});
