import type { IncomingMessage } from 'node:http';

/** Whether a request carries a body: chunked, or a declared length above zero. */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
