/**
 * Express's `trust proxy` setting, with each address's verdict kept. Express asks it on every
 * `req.protocol` (and on `req.hostname` and `req.ip` when forwarding headers are present), and
 * proxy-addr parses the address afresh each time: about 6 µs, asked at least once for every
 * call through the gateway. A verdict depends on the address alone, so it is worked out once.
 */
import proxyAddr from 'proxy-addr';

/** Longer than any written IPv4 or IPv6 address: never kept (proxy-addr refuses it anyway). */
const MAX_ADDRESS_LENGTH = 45;
/** Addresses in X-Forwarded-For are the caller's to choose: the map is emptied when it is full. */
export const MAX_KEPT = 1024;

export type TrustProxy = number | ((address: string, hop: number) => boolean);

/** The value for `app.set('trust proxy', …)`: a hop count as it is, a list compiled and kept. */
export function trustProxy(setting: number | readonly string[]): TrustProxy {
  if (typeof setting === 'number') return setting;
  const trusted = proxyAddr.compile([...setting]);
  const verdicts = new Map<string, boolean>();
  return (address, hop) => {
    const kept = verdicts.get(address);
    if (kept !== undefined) return kept;
    const verdict = trusted(address, hop);
    if (address.length <= MAX_ADDRESS_LENGTH) {
      if (verdicts.size >= MAX_KEPT) verdicts.clear();
      verdicts.set(address, verdict);
    }
    return verdict;
  };
}
