// The collector of the traced BFF in the proxy benchmark: an OTLP/HTTP endpoint that reads each
// export and answers 200, as a collector on the same host would, and counts the exports and
// bytes it was sent (printed on SIGTERM). A process of its own, so that its CPU is not the
// load driver's.
//
//   PORT=... node bench/otlp-sink.mjs
import http from 'node:http';

let exports = 0;
let bytes = 0;
const server = http.createServer((req, res) => {
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => {
    exports += 1;
    res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end();
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  console.log(JSON.stringify({ exports, bytes }));
  process.exit(0);
});
