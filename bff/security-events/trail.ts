/**
 * The security events as configured: sealed (SECURITY_LOG_SEAL_PUBLIC_KEY, _EPOCH_S), written to
 * standard output or SECURITY_LOG_FILE, and shipped to SECURITY_LOG_SYSLOG when set. Its owner
 * (main.ts) closes it on shutdown: the closing seal, then what the shipper still holds.
 */
import type { KeyObject } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { createSecurityEvents, type SecurityEvents } from './events';
import { createSyslogShipper, type ShipperStats, type SyslogTarget } from './syslog';

export interface SecurityTrail {
  events: SecurityEvents;
  /** The shipper's queue, drops and connection, for the metrics; undefined without SECURITY_LOG_SYSLOG. */
  shipping?: () => ShipperStats;
  /** Writes the closing seal and sends what is left to the collector (2 s at most). */
  close(): Promise<void>;
}

/** The SECURITY_LOG_* settings as config.ts reads them. */
export interface TrailConfig {
  securityLogFile?: string;
  securityLogHashKey?: string;
  securityLogSeal: { publicKey?: KeyObject; epochSeconds: number };
  securityLogSyslog?: { target: SyslogTarget; bufferSize: number };
}

export function createSecurityTrail(config: TrailConfig, logger: Logger): SecurityTrail {
  // The shipper reports into the stream it ships, which is made after it.
  const into: { events?: SecurityEvents } = {};
  const syslog = config.securityLogSyslog;
  const shipper = syslog
    ? createSyslogShipper({
        target: syslog.target,
        bufferSize: syslog.bufferSize,
        logger,
        report: (action, details) =>
          into.events?.trail(action, action === 'ship-overflow' ? 'failure' : 'success', details),
      })
    : undefined;
  const events = createSecurityEvents({
    destination: config.securityLogFile
      ? pino.destination({ dest: config.securityLogFile, mkdir: true, sync: true })
      : undefined,
    hashKey: config.securityLogHashKey,
    sealPublicKey: config.securityLogSeal.publicKey,
    sealEpochSeconds: config.securityLogSeal.epochSeconds,
    ship: shipper,
  });
  into.events = events;
  return {
    events,
    shipping: shipper?.stats,
    async close() {
      events.close();
      await shipper?.close();
    },
  };
}
