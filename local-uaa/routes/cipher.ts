import type { Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { PubKeyData } from '@shared/contract/login';
import { sendOk } from '../reply';
import type { RouteDeps } from './deps';

export function registerCipherRoutes(router: Router, { store }: RouteDeps): void {
  router.post(ENDPOINTS.pubKey.path, (_req, res) => {
    sendOk(res, { pubKey: store.keyPair.publicKey } satisfies PubKeyData);
  });
}
