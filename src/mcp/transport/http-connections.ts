/**
 * @fileoverview The cap on open HTTP connections. Node's own
 * `server.maxConnections` closes a connection over it without a word; here
 * the first `max` connections are served and a request on any later one is
 * answered 503 with Retry-After, so a client learns to come back. Past
 * `max + REFUSAL_SLOTS` Node drops connections itself, so a flood cannot
 * hold unbounded sockets open even to be refused.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** Connections accepted beyond the cap only to be answered 503. */
const REFUSAL_SLOTS = 32;

/** Counts `server`'s connections; the returned predicate tells whether a request came on one over `max`. */
export function capConnections(server: Server, max: number): (req: IncomingMessage) => boolean {
  let admitted = 0;
  const refused = new WeakSet<Socket>();
  server.maxConnections = max + REFUSAL_SLOTS;
  server.on('connection', (socket: Socket) => {
    if (admitted >= max) {
      refused.add(socket);
      return;
    }
    admitted++;
    socket.once('close', () => admitted--);
  });
  return (req) => refused.has(req.socket);
}
