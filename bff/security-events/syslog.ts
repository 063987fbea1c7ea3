/**
 * Ships the sealed security-event lines to a syslog collector (SECURITY_LOG_SYSLOG): RFC 5424
 * messages over TCP or TLS, octet-counted (RFC 6587 §3.4.1), so that a line is one message
 * whatever it holds. The message is the line as written, which the verifier checks byte for byte.
 *
 * While the collector is away the lines wait in a bounded queue (SECURITY_LOG_SYSLOG_BUFFER) and
 * the shipper reconnects, from 100 ms up to 5 s apart; a full queue drops the newest line, says
 * so once (an `audit_trail` event in the local stream, and bff_security_events_ship_dropped_total)
 * and, when lines flow again, how many and which it dropped. TCP says nothing of what the peer
 * read: the lines written in the last second before a connection dropped are sent again on the
 * next, so a collector restart loses none; the verifier skips an exact repeat.
 */
import { readFileSync } from 'node:fs';
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { hostname as osHostname } from 'node:os';
import { connect as tlsConnect } from 'node:tls';
import type { Logger } from 'pino';

export interface SyslogTarget {
  protocol: 'tcp' | 'tls';
  host: string;
  port: number;
  /** Extra CAs (PEM file) for a tls:// collector. */
  caFile?: string;
}

export interface ShipperStats {
  /** Lines waiting for the collector. */
  queued: number;
  /** Lines dropped since start because the queue was full. */
  dropped: number;
  connected: boolean;
}

export interface SyslogShipper {
  /** Queues one sealed line (its newline included); never blocks, never throws. */
  write(line: string): void;
  stats(): ShipperStats;
  /** Sends what is queued, for up to `timeoutMs`, then closes the connection. */
  close(timeoutMs?: number): Promise<void>;
}

/** What the shipper reports into the stream it ships (events.trail). */
export type ShipperReport = (
  action: 'ship-overflow' | 'ship-resumed',
  details: Record<string, unknown>,
) => void;

export interface ShipperOptions {
  target: SyslogTarget;
  bufferSize: number;
  logger: Logger;
  report: ShipperReport;
  /** RFC 5424's HOSTNAME: the pod's name in Kubernetes. */
  hostname?: string;
  clock?: () => number;
  /** How long after a line was written its connection's drop sends it again. */
  resendMs?: number;
  retryMinMs?: number;
  retryMaxMs?: number;
}

/** RFC 5424's PRI: facility authpriv (10), severity informational (6). */
const PRI = 10 * 8 + 6;
const APP_NAME = 'uaa-sso';
const MSG_ID = 'security';

interface Sent {
  at: number;
  frame: string;
}

/** A syslog HOSTNAME or APP-NAME: printable US-ASCII, no space, at most 255. */
const header = (value: string) => value.replace(/[^\x21-\x7e]/g, '_').slice(0, 255) || '-';
const seqOf = (line: string) => Number(/"seq":(\d+)/.exec(line)?.[1] ?? -1);

export function createSyslogShipper(opts: ShipperOptions): SyslogShipper {
  const clock = opts.clock ?? Date.now;
  const resendMs = opts.resendMs ?? 1000;
  const retryMinMs = opts.retryMinMs ?? 100;
  const retryMaxMs = opts.retryMaxMs ?? 5000;
  const host = header(opts.hostname ?? osHostname());
  const ca = opts.target.caFile ? readFileSync(opts.target.caFile) : undefined;
  const queue: string[] = [];
  let sent: Sent[] = [];
  let socket: Socket | undefined;
  let connected = false;
  let writable = true;
  let closing = false;
  let retryMs = retryMinMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let dropped = 0;
  /** The overflow under way: how many, and the first and last sequence numbers dropped. */
  let overflow: { count: number; first: number; last: number } | undefined;
  let outage = false;
  let drained: (() => void) | undefined;

  function frameOf(line: string): string {
    const message = `<${PRI}>1 ${new Date(clock()).toISOString()} ${host} ${APP_NAME} ${process.pid} ${MSG_ID} - ${line.replace(/\n$/, '')}`;
    return `${Buffer.byteLength(message)} ${message}`;
  }

  function flush(): void {
    while (connected && writable && socket && queue.length > 0) {
      const frame = queue.shift()!;
      sent.push({ at: clock(), frame });
      writable = socket.write(frame);
    }
    const since = clock() - resendMs;
    let stale = 0;
    while (stale < sent.length && sent[stale]!.at < since) stale += 1;
    if (stale > 0) sent.splice(0, stale);
    if (queue.length === 0) drained?.();
  }

  function open(): void {
    retryTimer = undefined;
    const { protocol, host: peer, port } = opts.target;
    const next =
      protocol === 'tls'
        ? tlsConnect({ host: peer, port, ...(isIP(peer) ? {} : { servername: peer }), ...(ca ? { ca } : {}) })
        : tcpConnect({ host: peer, port });
    socket = next;
    next.setNoDelay(true);
    next.once(protocol === 'tls' ? 'secureConnect' : 'connect', () => {
      connected = true;
      writable = true;
      retryMs = retryMinMs;
      if (outage)
        opts.logger.info({ collector: `${peer}:${port}` }, 'security events: syslog collector reached');
      outage = false;
      flush();
    });
    next.on('drain', () => {
      writable = true;
      flush();
    });
    // The collector sends nothing: reading keeps the socket from filling and tells of its close.
    next.on('data', () => {});
    next.on('error', (err) => {
      if (!outage)
        opts.logger.warn(
          { collector: `${peer}:${port}`, err: err.message },
          'security events: syslog collector unreachable; holding events',
        );
      outage = true;
    });
    next.once('close', () => {
      if (socket !== next) return;
      socket = undefined;
      const wasConnected = connected;
      connected = false;
      if (wasConnected) {
        // What the collector may not have read: sent again, in order, before what waits.
        const since = clock() - resendMs;
        queue.unshift(...sent.filter((s) => s.at >= since).map((s) => s.frame));
        sent = [];
        outage = true;
        opts.logger.warn(
          { collector: `${peer}:${port}` },
          'security events: syslog connection lost; holding events',
        );
      }
      if (closing) return drained?.();
      retryTimer = setTimeout(open, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, retryMaxMs);
    });
  }

  open();

  return {
    write(line) {
      if (closing) return;
      if (queue.length >= opts.bufferSize) {
        dropped += 1;
        const seq = seqOf(line);
        if (overflow) {
          overflow.count += 1;
          overflow.last = seq;
        } else {
          overflow = { count: 1, first: seq, last: seq };
          // Into the stream (and so the local output); this line is dropped from shipping too.
          opts.report('ship-overflow', { bufferSize: opts.bufferSize });
        }
        return;
      }
      queue.push(frameOf(line));
      flush();
      if (overflow) {
        // After this line, which the stream sealed before the report.
        const { count, first, last } = overflow;
        overflow = undefined;
        opts.report('ship-resumed', { dropped: count, droppedSeq: [first, last] });
      }
    },
    stats: () => ({ queued: queue.length, dropped, connected }),
    close(timeoutMs = 2000) {
      if (retryTimer) clearTimeout(retryTimer);
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(deadline);
          drained = undefined;
          closing = true;
          if (retryTimer) clearTimeout(retryTimer);
          const last = socket;
          if (!last) return resolve();
          last.end(() => resolve());
          last.once('close', () => resolve());
        };
        const deadline = setTimeout(() => {
          socket?.destroy();
          done();
        }, timeoutMs);
        deadline.unref();
        if (queue.length === 0 || !connected) {
          if (!connected) socket?.destroy();
          done();
        } else drained = done;
      });
    },
  };
}
