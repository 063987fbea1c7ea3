import type { PasswordScene } from '@shared/crypto';
import { call } from './client';
import { USER_ENDPOINTS } from '@shared/contract/user-endpoints';

/**
 * Encrypts a password for the UAA (DESIGN.md §7). The RSA code is loaded only here, when a
 * password is actually submitted, so it stays out of the login page's first load.
 */
export async function encryptForUaa(password: string, scene: PasswordScene): Promise<string> {
  const [{ encryptPassword }, reply] = await Promise.all([
    import(/* webpackChunkName: "crypto" */ '@shared/crypto'),
    call(USER_ENDPOINTS.pubKey),
  ]);
  const pubKey = reply.data?.pubKey;
  if (!pubKey) throw new Error('no public key');
  return encryptPassword(pubKey, password, scene);
}
