/**
 * Back office: internal users (spec §2 /admin/user, §7 user/admin/internal/*). Users are every
 * account of the UAA; the back office sees them as spec §3 "Internal user", never the password.
 */
import type { Router } from 'express';
import type { InternalUser, InternalUserListData } from '@shared/contract/admin';
import { ENDPOINTS, type ParsedRequestOf } from '@shared/contract/endpoints';
import { PRODUCT_MESSAGES } from '@shared/errors/catalogue';
import { textPair } from '@shared/i18n/define-texts';
import { checkDescription, checkEmail, checkNewPassword, checkPhone } from '@shared/validation/rules';
import { currentUser, requireModule } from '../auth';
import { assertRule, parseDateFilter, parseRequest } from '../input';
import { localText } from '../messages';
import { hashPassword, openPasswordEnvelope } from '../passwords';
import type { UserRecord } from '../records';
import { sendOk, UaaError } from '../reply';
import type { Store, UserPatch } from '../store';
import type { RouteDeps } from './deps';

/** The registration source meaning "none in particular" (stored as ''). */
export const DEFAULT_SOURCE = 'default';

// GitHub's login rule: 1-39 letters, digits or single hyphens, not starting with a hyphen.
const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

const DEFAULT_PAGE_SIZE = 12;
const contains = (value: string | null, part: string | undefined): boolean =>
  !part || (value ?? '').toLowerCase().includes(part.trim().toLowerCase());

function toInternalUser(store: Store, user: UserRecord): InternalUser {
  return {
    ssoUid: user.ssoUid,
    username: user.username,
    email: user.email,
    phone: user.phone,
    githubAccount: user.githubAccount,
    createBy: user.createBy,
    platforms: [...user.platforms],
    roles: user.roles.flatMap((roleId) => {
      const role = store.roles.get(roleId);
      return role ? [{ roleId, roleName: role.roleName }] : [];
    }),
    status: user.status,
    description: user.description,
    createTime: user.createTime,
  };
}

/** Newest first, one page. */
function pageOf(
  store: Store,
  users: UserRecord[],
  body: { pageNumber?: number | null; pageSize?: number | null },
) {
  const size = body.pageSize ?? DEFAULT_PAGE_SIZE;
  const start = ((body.pageNumber ?? 1) - 1) * size;
  const sorted = users
    .map((user, order) => ({ user, order, at: Date.parse(user.createTime) }))
    .sort((a, b) => b.at - a.at || a.order - b.order)
    .map(({ user }) => user);
  const data: InternalUserListData = {
    users: sorted.slice(start, start + size).map((u) => toInternalUser(store, u)),
    totalCount: users.length,
  };
  return data;
}

const unknownRecord = () => new UaaError('A0101', 200, localText('unknownRecord'));
const canManageUsers = (store: Store, user: UserRecord) =>
  store.roles.modulesOf(user.roles).includes('users');

/**
 * The spec §5 internal-user rules for the fields present, as a patch. `self` is the user being
 * edited (undefined on create), so its own e-mail, phone and GitHub account do not count as taken.
 */
function validatedPatch(
  store: Store,
  input: ParsedRequestOf<'internalUserCreate'> | ParsedRequestOf<'internalUserUpdate'>,
  self?: UserRecord,
) {
  const patch: UserPatch = {};
  const takenByOther = (owner: UserRecord | undefined) =>
    owner !== undefined && owner.ssoUid !== self?.ssoUid;

  if (input.email !== undefined) {
    const email = input.email.trim();
    if (email !== '') {
      assertRule(checkEmail(email));
      if (takenByOther(store.users.findByEmail(email))) throw new UaaError('A0203');
    }
    patch.email = email || null;
  }
  if (input.phone !== undefined) {
    const phone = input.phone.trim();
    // The account's own phone is not checked again: public registration takes any 1 and ten digits.
    if (phone !== '' && phone !== self?.phone) {
      assertRule(checkPhone(phone, { strict: true }));
      if (takenByOther(store.users.findByPhone(phone)))
        throw new UaaError('A0209', 200, localText('phoneExists'));
    }
    patch.phone = phone || null;
  }
  if (input.email !== undefined || input.phone !== undefined) {
    const email = patch.email !== undefined ? patch.email : (self?.email ?? null);
    const phone = patch.phone !== undefined ? patch.phone : (self?.phone ?? null);
    if (!email && !phone)
      throw new UaaError('A0100', 200, textPair(PRODUCT_MESSAGES, 'emailOrPhoneRequired'));
  }
  if (input.githubAccount !== undefined) {
    const login = input.githubAccount.trim();
    if (login !== '') {
      if (!GITHUB_LOGIN.test(login)) throw new UaaError('A0100');
      const owner = store.users.findByIdentity('github', login);
      if (takenByOther(owner)) throw new UaaError('A0214', 200, localText('githubAccountTaken'));
    }
    patch.githubAccount = login || null;
  }
  if (input.source !== undefined && input.source.trim() !== '') {
    const source = input.source.trim();
    if (source !== DEFAULT_SOURCE && !store.platforms.get(source)) throw unknownRecord();
    patch.createBy = source === DEFAULT_SOURCE ? '' : source;
  }
  if (input.status) patch.status = input.status;
  if (input.description !== undefined) {
    assertRule(checkDescription(input.description));
    patch.description = input.description;
  }
  if (input.roleIds !== undefined) {
    if (input.roleIds.length > 1) throw new UaaError('A0100', 200, localText('roleSingle'));
    if (!input.roleIds.every((id) => store.roles.get(id))) throw unknownRecord();
    patch.roles = input.roleIds;
  }
  return patch;
}

export function registerAdminUserRoutes(router: Router, { store, now, requireAuth }: RouteDeps): void {
  const guard = [requireAuth, requireModule(store, 'users')];

  /** Refuses a change that would leave nobody able to manage users. */
  function assertUserAdminsRemain(without: ReadonlySet<string>, changed?: UserRecord): void {
    const remaining = store.users
      .list()
      .filter((u) => !without.has(u.ssoUid))
      .map((u) => (changed && u.ssoUid === changed.ssoUid ? changed : u))
      .filter((u) => u.status === 'ACTIVE' && canManageUsers(store, u));
    if (remaining.length === 0) throw new UaaError('A0201', 200, localText('lastAdmin'));
  }

  /**
   * A manager gives no more than they hold: no change to their own roles, no role with a module
   * they lack, and no new password for someone who holds one (a users-only manager made super admin).
   */
  function assertWithinOwnRights(
    me: UserRecord,
    target: UserRecord | undefined,
    roleIds?: number[],
    password?: boolean,
  ) {
    const mine = new Set(store.roles.modulesOf(me.roles));
    const beyondMine = (roles: number[]) => store.roles.modulesOf(roles).some((m) => !mine.has(m));
    if (roleIds !== undefined) {
      const same =
        roleIds.length === target?.roles.length && roleIds.every((id) => target.roles.includes(id));
      if (target?.ssoUid === me.ssoUid && !same) throw new UaaError('A0201', 200, localText('notYourself'));
      if (beyondMine(roleIds)) throw new UaaError('A0201');
    }
    if (password && target && beyondMine(target.roles)) throw new UaaError('A0201');
  }

  router.post(ENDPOINTS.internalUserList.path, ...guard, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.internalUserList) ?? {};
    sendOk(res, pageOf(store, store.users.list(), body));
  });

  router.post(ENDPOINTS.internalUserSearch.path, ...guard, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.internalUserSearch);
    const since = parseDateFilter(body.since);
    const until = parseDateFilter(body.until, { endOfDay: true });
    const origins = body.createOrigins?.map((o) => (o === DEFAULT_SOURCE ? '' : o));
    const platforms = body.platforms?.filter(Boolean);
    const found = store.users.list().filter((user) => {
      const at = Date.parse(user.createTime);
      return (
        contains(user.ssoUid, body.ssoUid) &&
        contains(user.phone, body.phone) &&
        contains(user.email, body.email) &&
        contains(user.githubAccount, body.githubAccount) &&
        (since === undefined || at >= since) &&
        (until === undefined || at <= until) &&
        (!origins?.length || origins.includes(user.createBy)) &&
        (!platforms?.length || platforms.some((p) => user.platforms.includes(p)))
      );
    });
    sendOk(res, pageOf(store, found, body));
  });

  router.post(ENDPOINTS.internalUserCreate.path, ...guard, async (req, res) => {
    const body = parseRequest(req, ENDPOINTS.internalUserCreate);
    if (body.email === undefined && body.phone === undefined) {
      throw new UaaError('A0100', 200, textPair(PRODUCT_MESSAGES, 'emailOrPhoneRequired'));
    }
    if (body.source === undefined || body.source.trim() === '') {
      throw new UaaError('A0100', 200, localText('sourceRequired'));
    }
    validatedPatch(store, body);
    assertWithinOwnRights(currentUser(res), undefined, body.roleIds);
    const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'register', now());
    assertRule(checkNewPassword(password));
    const passwordHash = await hashPassword(password);
    const patch = validatedPatch(store, body); // again: the await let others run
    const user = store.users.create({ ...patch, passwordHash, activated: true });
    sendOk(res, toInternalUser(store, user));
  });

  router.post(ENDPOINTS.internalUserUpdate.path, ...guard, async (req, res) => {
    const body = parseRequest(req, ENDPOINTS.internalUserUpdate);
    const me = currentUser(res);
    if (!store.users.get(body.ssoUid)) throw unknownRecord();
    if (body.ssoUid === me.ssoUid && body.status === 'DISABLED') {
      throw new UaaError('A0201', 200, localText('notYourself'));
    }
    assertWithinOwnRights(me, store.users.get(body.ssoUid), body.roleIds, Boolean(body.password));
    let passwordHash: string | undefined;
    if (body.password !== undefined && body.password !== '') {
      const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'resetPassword', now());
      assertRule(checkNewPassword(password));
      passwordHash = await hashPassword(password);
    }
    const target = store.users.get(body.ssoUid);
    if (!target) throw unknownRecord();
    const patch = validatedPatch(store, body, target);
    if (passwordHash) patch.passwordHash = passwordHash;
    assertUserAdminsRemain(new Set(), { ...target, ...patch });
    const updated = store.users.update(target.ssoUid, patch) ?? target;
    // A new password or a disabled account ends the user's sessions.
    if (passwordHash || updated.status === 'DISABLED') store.sessions.revoke(updated.ssoUid);
    sendOk(res, toInternalUser(store, updated));
  });

  router.post(ENDPOINTS.internalUserDelete.path, ...guard, (req, res) => {
    const { ssoUids } = parseRequest(req, ENDPOINTS.internalUserDelete);
    if (ssoUids.includes(currentUser(res).ssoUid)) throw new UaaError('A0201', 200, localText('notYourself'));
    if (!ssoUids.every((id) => store.users.get(id))) throw unknownRecord();
    assertUserAdminsRemain(new Set(ssoUids));
    for (const id of ssoUids) store.deleteUser(id);
    sendOk(res);
  });
}
