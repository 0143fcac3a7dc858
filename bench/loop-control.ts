// The control of `bench/throughput.ts`'s event-loop column: a node process with nothing to do that
// measures its own event-loop delay (perf_hooks.monitorEventLoopDelay) the same way the server's
// is measured. What it sees is the machine's scheduling delay (other processes on the same cores),
// not blocking code; GET /loop answers the histogram since the last read and resets it.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
const server = createServer((_request, response) => {
  const body = JSON.stringify({ p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) });
  loop.reset();
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
