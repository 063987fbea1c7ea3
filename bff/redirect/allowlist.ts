/**
 * The redirect allow-list: fetched from the upstream's static JSON, refreshed every TTL, the last
 * good list kept when a fetch fails, merged with the operator's REDIRECT_ALLOWLIST.
 */
import type { Logger } from 'pino';
import { normalizeDomain } from '@shared/redirect';
import { UPSTREAM_ACCEPT_ENCODING, type UpstreamClient } from '../upstream/client';

export interface AllowlistSource {
  domains(): readonly string[];
  /** Seconds since the last successful fetch; undefined before the first. */
  ageSeconds(): number | undefined;
  loaded(): boolean;
  refresh(): Promise<void>;
  stop(): void;
}

export function createAllowlist(opts: {
  url: string;
  ttlS: number;
  extra: readonly string[];
  logger: Logger;
  /** The BFF's one upstream client (TLS trust, decoding); tests may pass a fetch instead. */
  client?: UpstreamClient;
  fetchImpl?: typeof fetch;
}): AllowlistSource {
  const extra = opts.extra.map(normalizeDomain).filter(Boolean);
  let fetched: string[] | undefined;
  let fetchedAt: number | undefined;
  let merged: readonly string[] = extra;
  const load = async (): Promise<unknown> => {
    if (opts.client) {
      const reply = await opts.client.call({
        method: 'GET',
        url: opts.url,
        headers: { accept: 'application/json', 'accept-encoding': UPSTREAM_ACCEPT_ENCODING },
      });
      if (reply.status < 200 || reply.status >= 300) {
        reply.done();
        throw new Error(`status ${reply.status}`);
      }
      return JSON.parse((await reply.bytes()).toString('utf8'));
    }
    const res = await (opts.fetchImpl ?? fetch)(opts.url, { signal: AbortSignal.timeout(6000) });
    if (!res.ok) throw new Error(`status ${res.status}`);
    return res.json();
  };

  async function refresh(): Promise<void> {
    try {
      const body = (await load()) as { redirectWhiteList?: unknown } | null;
      const list = body?.redirectWhiteList;
      if (!Array.isArray(list) || !list.every((d) => typeof d === 'string')) throw new Error('bad shape');
      fetched = list.map(normalizeDomain).filter(Boolean);
      fetchedAt = Date.now();
      merged = [...new Set([...fetched, ...extra])];
    } catch (err) {
      opts.logger.warn(
        { err: (err as Error).message, url: opts.url },
        'allow-list fetch failed; keeping the last good list',
      );
    }
  }

  const timer = setInterval(() => void refresh(), opts.ttlS * 1000);
  timer.unref();

  return {
    domains: () => merged,
    ageSeconds: () => (fetchedAt === undefined ? undefined : (Date.now() - fetchedAt) / 1000),
    loaded: () => fetched !== undefined || extra.length > 0,
    refresh,
    stop: () => clearInterval(timer),
  };
}
