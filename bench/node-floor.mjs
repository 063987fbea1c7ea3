// The Node floor of the proxy benchmark: the least a Node proxy can do for one call, as a
// reference row beside nginx and the BFF. node:http server, http.request on a kept-alive agent,
// the reply piped back. No framework, no log line, no headers of its own, no checks: what any
// Node proxy in front of the UAA pays before doing anything useful. It is started with the same
// flags as the BFF, so the difference between the two is the BFF's own work.
//
//   PORT=... UPSTREAM=http://127.0.0.1:... node bench/node-floor.mjs
import http from 'node:http';

const upstream = new URL(process.env.UPSTREAM);
const prefix = process.env.PREFIX ?? '/gw/uaa-be';
const agent = new http.Agent({ keepAlive: true, timeout: 4000, scheduling: 'lifo' });

const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  const upstreamReq = http.request(
    {
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url.startsWith(prefix) ? req.url.slice(prefix.length) : req.url,
      headers: { accept: req.headers.accept ?? '*/*', host: upstream.host },
      agent,
    },
    (upstreamRes) => {
      const { 'content-type': type, 'content-length': length } = upstreamRes.headers;
      res.writeHead(upstreamRes.statusCode ?? 502, {
        ...(type && { 'content-type': type }),
        ...(length && { 'content-length': length }),
      });
      upstreamRes.pipe(res);
    },
  );
  upstreamReq.on('error', () => {
    res.statusCode = 502;
    res.end();
  });
  upstreamReq.end();
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
