/**
 * Access keys of the user centre (spec §3 "Credential", §4 "Access key status"): at most two per
 * account, the secret masked in lists and shown in full on creation or on request, a switch
 * between ENABLED and DISABLED, and deletion only once disabled.
 */
import type { Router } from 'express';
import type { Credential, CredentialCreateData, CredentialSecretData } from '@shared/contract/credential';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { checkDescription } from '@shared/validation/rules';
import { currentUser } from '../auth';
import { assertRule, parseRequest } from '../input';
import { maskSecret } from '../store/keys';
import { localText } from '../messages';
import type { CredentialRecord } from '../records';
import { sendOk, UaaError } from '../reply';
import type { RouteDeps } from './deps';

function toCredential(record: CredentialRecord): Credential {
  return {
    ak: record.ak,
    sk: maskSecret(record.sk),
    type: record.type,
    status: record.status,
    description: record.description,
    createDate: record.createDate,
    sso_uid: record.ssoUid,
  };
}

const unknownKey = () => new UaaError('A0101', 200, localText('notYourKey'));

export function registerCredentialRoutes(router: Router, { store, requireAuth }: RouteDeps): void {
  const { keys } = store;

  router.post(ENDPOINTS.credentialList.path, requireAuth, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.credentialList);
    const user = currentUser(res);
    // Access-key rights equal the account's rights: nobody lists another account's keys.
    if (body?.sso_uid && body.sso_uid !== user.ssoUid) {
      throw new UaaError('A0201', 403, localText('notYourData'));
    }
    sendOk(res, keys.list(user.ssoUid).map(toCredential));
  });

  router.post(ENDPOINTS.credentialCreate.path, requireAuth, (req, res) => {
    const description = parseRequest(req, ENDPOINTS.credentialCreate)?.description?.trim() ?? '';
    assertRule(checkDescription(description));
    const record = keys.create(currentUser(res).ssoUid, description);
    if (!record) throw new UaaError('A0302', 200, localText('keyLimit'));
    sendOk(res, { ak: record.ak, sk: record.sk } satisfies CredentialCreateData);
  });

  router.post(ENDPOINTS.credentialSecret.path, requireAuth, (req, res) => {
    const { ak } = parseRequest(req, ENDPOINTS.credentialSecret);
    const record = keys.get(currentUser(res).ssoUid, ak);
    if (!record) throw unknownKey();
    sendOk(res, { sk: record.sk } satisfies CredentialSecretData);
  });

  router.post(ENDPOINTS.credentialRevoke.path, requireAuth, (req, res) => {
    const { ak, type } = parseRequest(req, ENDPOINTS.credentialRevoke);
    const ssoUid = currentUser(res).ssoUid;
    if (type !== 2) {
      const record = keys.setStatus(ssoUid, ak, 'DISABLED');
      if (!record) throw unknownKey();
      sendOk(res, toCredential(record));
      return;
    }
    const outcome = keys.delete(ssoUid, ak);
    if (outcome === 'unknown') throw unknownKey();
    if (outcome === 'enabled') throw new UaaError('A0201', 200, localText('keyEnabled'));
    sendOk(res);
  });

  for (const [endpoint, status] of [
    [ENDPOINTS.credentialEnable, 'ENABLED'],
    [ENDPOINTS.credentialDisable, 'DISABLED'],
  ] as const) {
    router.post(endpoint.path, requireAuth, (req, res) => {
      const { ak } = parseRequest(req, endpoint);
      const record = keys.setStatus(currentUser(res).ssoUid, ak, status);
      if (!record) throw unknownKey();
      sendOk(res, toCredential(record));
    });
  }
}
