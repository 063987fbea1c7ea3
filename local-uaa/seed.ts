/**
 * The state a fresh local UAA starts with (DESIGN.md §8): the ten sub-platforms, the two roles,
 * the demo admin and the redirect allow-list. Client ids are fixed so demos and end-to-end tests
 * can name them (`uaa-media`, ...); secrets are random per data file.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { PLATFORM_KEYS, type PlatformKey } from '@shared/platforms';
import { hashPasswordSync } from './passwords';
import {
  SNAPSHOT_VERSION,
  type PlatformRecord,
  type RoleRecord,
  type Snapshot,
  type UserRecord,
} from './records';

/** Local only; printed at start so a developer can sign in to the back office. */
export const DEMO_ADMIN = { username: 'admin', password: 'Admin12345' } as const;

export const ROLE_IDS = { superAdmin: 1, platformAdmin: 2 } as const;

/** Role names and descriptions are data, not texts: in Chinese, the product's default language. */
export const SEED_ROLES = {
  superAdmin: { roleName: '超级管理员', roleDesc: '管理用户、子平台和角色' },
  platformAdmin: { roleName: '平台管理员', roleDesc: '管理子平台' },
} as const;

/** Back-office module names (spec §6); a role's resName lists some of them. */
export const MODULES = { users: 'users', platforms: 'platforms', role: 'role' } as const;

export const SEED_ALLOWLIST = ['localhost', '127.0.0.1'] as const;

// Display names follow the platform-name rule (letters and digits only, 1-32).
const DISPLAY_NAMES: Record<PlatformKey, string> = {
  media: 'Media',
  landmarks: 'Landmarks',
  cmg: 'CMG',
  medieval: 'Medieval',
  migo: 'Migo',
  vsp: 'VSP',
  moce: 'MOCE',
  'science-discovery': 'ScienceDiscovery',
  virtualbiolab: 'VirtualBioLab',
  intern: 'Intern',
};

export function seedClientId(key: PlatformKey): string {
  return `uaa-${key}`;
}

function seedPlatforms(createTime: string): PlatformRecord[] {
  return PLATFORM_KEYS.map((key) => {
    const home = `https://${key}.example.org`;
    return {
      id: key,
      displayName: DISPLAY_NAMES[key],
      homePageUrl: home,
      callback: `${home}/sso/callback`,
      logoutUrl: `${home}/logout`,
      logo: '',
      description: '',
      clientId: seedClientId(key),
      clientSecret: randomBytes(24).toString('hex'),
      createTime,
    };
  });
}

function seedRoles(): RoleRecord[] {
  return [
    {
      roleId: ROLE_IDS.superAdmin,
      ...SEED_ROLES.superAdmin,
      resName: [MODULES.users, MODULES.platforms, MODULES.role].join(','),
    },
    {
      roleId: ROLE_IDS.platformAdmin,
      ...SEED_ROLES.platformAdmin,
      resName: MODULES.platforms,
    },
  ];
}

let adminHash: string | undefined;

function seedAdmin(createTime: string): UserRecord {
  // One hash per process: a fresh scrypt for every local UAA would slow the tests for nothing.
  adminHash ??= hashPasswordSync(DEMO_ADMIN.password);
  return {
    ssoUid: randomUUID(),
    username: DEMO_ADMIN.username,
    phone: null,
    email: null,
    githubAccount: null,
    wechat: null,
    wechatName: null,
    nickname: DEMO_ADMIN.username,
    status: 'ACTIVE',
    activated: true,
    passwordHash: adminHash,
    createBy: '',
    roles: [ROLE_IDS.superAdmin],
    description: 'Demo administrator (local UAA only)',
    createTime,
    carsiAccount: null,
    platforms: [],
  };
}

export function seedSnapshot(nowMs: number): Snapshot {
  const createTime = new Date(nowMs).toISOString();
  return {
    version: SNAPSHOT_VERSION,
    users: [seedAdmin(createTime)],
    activations: [],
    sessions: [],
    authCodes: [],
    platforms: seedPlatforms(createTime),
    roles: seedRoles(),
    allowlist: [...SEED_ALLOWLIST],
    codes: [],
    stepPasses: [],
    credentials: [],
    oauthCodes: [],
    files: [],
  };
}
