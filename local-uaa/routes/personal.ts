/** The user centre's account calls: username check and set-once, nickname, contact existence. */
import type { Router } from 'express';
import type { InfoUpdatePayload } from '@shared/contract/personal';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { ExistData } from '@shared/contract/personal';
import { checkEmail, checkPhone, checkUsername } from '@shared/validation/rules';
import { currentUser } from '../auth';
import { assertRule, parseRequest } from '../input';
import { localText } from '../messages';
import { toUserInfo, type UserRecord } from '../records';
import { sendOk, UaaError } from '../reply';
import { assertNoSensitiveWord, assertUsernameAvailable } from '../sensitive-words';
import { NICKNAME_PREFIX, type Store, type UserPatch } from '../store';
import type { RouteDeps } from './deps';

/** Sets the username once (A0217 when one is set) and the nickname at any time. */
function updateInfo(store: Store, user: UserRecord, body: InfoUpdatePayload): UserRecord {
  const patch: UserPatch = {};
  // Setting the name it already has is a retry after a lost reply: it succeeds, changing nothing.
  if (body.username !== undefined && body.username !== user.username) {
    if (user.username !== null) throw new UaaError('A0217', 200, localText('usernameAlreadySet'));
    assertUsernameAvailable(store, body.username);
    patch.username = body.username;
    // A generated name gives way to the chosen one unless a nickname comes with it.
    if (user.nickname.startsWith(NICKNAME_PREFIX)) patch.nickname = body.username;
  }
  if (body.nickname !== undefined) {
    assertNoSensitiveWord(body.nickname);
    patch.nickname = body.nickname;
  }
  return store.users.update(user.ssoUid, patch) ?? user;
}

export function registerPersonalRoutes(router: Router, deps: RouteDeps): void {
  const { store, requireAuth } = deps;

  // Open as well as signed in: the phone registration form checks usernames before any login.
  router.post(ENDPOINTS.usernameCheck.path, (req, res) => {
    const { username } = parseRequest(req, ENDPOINTS.usernameCheck);
    assertRule(checkUsername(username));
    assertNoSensitiveWord(username);
    sendOk(res, { exist: store.users.findByUsername(username) !== undefined } satisfies ExistData);
  });

  router.post(ENDPOINTS.infoUpdate.path, requireAuth, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.infoUpdate);
    sendOk(res, toUserInfo(updateInfo(store, currentUser(res), body)));
  });

  // The "set username" call the spec names without a path: the username part of info/update.
  router.post(ENDPOINTS.usernameSet.path, requireAuth, (req, res) => {
    const { username } = parseRequest(req, ENDPOINTS.usernameSet);
    sendOk(res, toUserInfo(updateInfo(store, currentUser(res), { username })));
  });

  router.post(ENDPOINTS.itemCheck.path, requireAuth, (req, res) => {
    const { message, item } = parseRequest(req, ENDPOINTS.itemCheck);
    assertRule(message === 'phone' ? checkPhone(item) : checkEmail(item));
    sendOk(res, store.users.findByContact(message, item) !== undefined);
  });
}
