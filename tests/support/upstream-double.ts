/**
 * A tiny upstream double on loopback: it records every request byte for byte and answers as the
 * test says (200 `{msgCode:'10000'}` unless told otherwise).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { listen, shut } from './http';

/** What the upstream double saw: everything the BFF sent, byte for byte. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type UpstreamReply = (req: RecordedRequest, res: ServerResponse) => void;

export interface UpstreamDouble {
  url: string;
  requests: RecordedRequest[];
  /** Sets how the double answers from now on. */
  respond(reply: UpstreamReply): void;
  /** Forgets what it saw and answers 200 `{msgCode:'10000'}` again. */
  reset(): void;
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export const ok = (data?: unknown) => ({
  msgCode: '10000',
  msg: 'success',
  ...(data === undefined ? {} : { data }),
});

const defaultReply: UpstreamReply = (_req, res) => sendJson(res, 200, ok());

/** A tiny upstream on loopback that records every request and answers as the test says. */
export async function startUpstream(): Promise<UpstreamDouble> {
  const requests: RecordedRequest[] = [];
  let reply = defaultReply;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      reply(recorded, res);
    });
  });
  const url = await listen(server);
  return {
    url,
    requests,
    respond: (next) => {
      reply = next;
    },
    reset: () => {
      requests.length = 0;
      reply = defaultReply;
    },
    close: () => shut(server),
  };
}

/** The URL of a loopback port nobody listens on: connections are refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await shut(server);
  return url;
}
