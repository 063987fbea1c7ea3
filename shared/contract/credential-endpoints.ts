/** The member's access keys (spec §7 open/credential/*): loaded with the user centre's keys tab. */
import { z } from 'zod/mini';
import * as credential from './credential';
import { post, type Endpoint } from './endpoint';

export const CREDENTIAL_ENDPOINTS = {
  credentialList: post('/api/v1/open/credential/list', {
    request: credential.credentialListRequest,
    reply: z.array(credential.credential),
  }),
  credentialCreate: post('/api/v1/open/credential/create', {
    request: credential.credentialCreateRequest,
    reply: credential.credentialCreateData,
  }),
  credentialRevoke: post('/api/v1/open/credential/revoke', {
    request: credential.credentialRevokeRequest,
    reply: z.optional(credential.credential),
  }),
  credentialEnable: post('/api/v1/open/credential/enable', {
    inferred: true,
    request: credential.akRequest,
    reply: credential.credential,
  }),
  credentialDisable: post('/api/v1/open/credential/disable', {
    inferred: true,
    request: credential.akRequest,
    reply: credential.credential,
  }),
  /** The full secret of one of the caller's keys, so the user centre can show or copy it. */
  credentialSecret: post('/api/v1/open/credential/secret', {
    inferred: true,
    request: credential.akRequest,
    reply: credential.credentialSecretData,
  }),
} as const satisfies Record<string, Endpoint>;
