import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A small real JPEG to attach (the bytes a report image would be). */
export const testJpeg = (background: string) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background } })
    .jpeg()
    .toBuffer();

const servers: http.Server[] = [];

/** Starts a local HTTP server on a free loopback port; `closeTestServers` stops every one. */
export async function listenLocally(handler: http.RequestListener): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** For afterEach: closes the servers the test started, hanging connections included. */
export async function closeTestServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
