// The baseline of `bench/throughput.ts`: a bare node:http server that answers each path with the
// bytes the app answered it with (status, content type and encoding, and body read from the JSON file
// named by the first argument). What the app's throughput would be if building the answer were free.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Recorded {
  status: number;
  contentType: string;
  /** The answer's Content-Encoding, when it was compressed. */
  contentEncoding?: string;
  body: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Recorded>;
const answers = new Map(
  Object.entries(recorded).map(([path, answer]) => [path, { ...answer, bytes: Buffer.from(answer.body, 'base64') }]),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, {
    'content-type': answer.contentType,
    'content-length': answer.bytes.length,
    ...(answer.contentEncoding ? { 'content-encoding': answer.contentEncoding } : {}),
  });
  response.end(answer.bytes);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
