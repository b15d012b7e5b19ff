/**
 * @fileoverview Loopback servers for tests: an address nothing listens on,
 * and a plain HTTP server answering with a given listener.
 */
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

/** A base URL nothing listens on: bind a port on 127.0.0.1, then close it. */
export async function closedHost(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export interface LoopbackServer {
  readonly url: string;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 answering every request with `listener`. */
export async function serveHttp(listener: RequestListener): Promise<LoopbackServer> {
  const server = createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
