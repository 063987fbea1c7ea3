/**
 * What a call of spec §7 is (method, path, flags, request and reply schemas) and the helpers the
 * endpoint tables are written with (user-endpoints.ts, credential-endpoints.ts,
 * admin-endpoints.ts; endpoints.ts holds them all). Paths are relative to the gateway base
 * (`/gw/uaa-be`) on the browser side and to the UAA root on the upstream side.
 */
import type { z } from 'zod/mini';
import { noBody, noData } from './fields';

export const GATEWAY_BASE = '/gw/uaa-be';
export const UPLOAD_GATEWAY_BASE = '/gw/upload';

export type HttpMethod = 'GET' | 'POST';

/** The body fields that name the phone, e-mail or account a call is about (rate limits key on them). */
export const IDENTIFIER_FIELDS = ['phone', 'email', 'account', 'item'] as const;
export type IdentifierField = (typeof IDENTIFIER_FIELDS)[number];

export interface EndpointFlags {
  /** Open calls never carry the bearer token (spec §6). */
  readonly open?: boolean;
  /** Failures stay silent in the UI (spec §7). */
  readonly silent?: boolean;
  readonly inferred?: boolean;
  /** The body field naming the call's target: the rate limits read this field and no other. */
  readonly identifier?: IdentifierField;
  /** The call makes the UAA send a code by SMS or e-mail (the abuse shield counts it). */
  readonly sendsCode?: boolean;
}

export interface Endpoint<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Rep extends z.ZodMiniType = z.ZodMiniType,
> extends EndpointFlags {
  readonly method: HttpMethod;
  readonly path: string;
  /** The JSON body (GET calls and the multipart upload take none). */
  readonly request: Req;
  /** The reply envelope's `data` on success. */
  readonly reply: Rep;
}

interface Shape<Req extends z.ZodMiniType, Rep extends z.ZodMiniType> extends EndpointFlags {
  request?: Req;
  reply?: Rep;
}

const endpoint =
  (method: HttpMethod) =>
  <Req extends z.ZodMiniType = typeof noBody, Rep extends z.ZodMiniType = typeof noData>(
    path: string,
    { request, reply, ...flags }: Shape<Req, Rep> = {},
  ): Endpoint<Req, Rep> => ({
    method,
    path,
    ...flags,
    request: (request ?? noBody) as Req,
    reply: (reply ?? noData) as Rep,
  });
export const post = endpoint('POST');
export const get = endpoint('GET');

/** What the SPA may send as the call's body. */
export type RequestFor<E extends Endpoint> = z.input<E['request']>;
/** The call's checked reply data. */
export type ReplyFor<E extends Endpoint> = z.output<E['reply']>;
