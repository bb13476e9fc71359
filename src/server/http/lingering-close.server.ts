import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A connection the server closes after its answer (`Connection: close`, e.g. a 413 for a body still being sent) is
 * closed in stages, as RFC 9112 §9.6 asks: the write side is ended (FIN after the answer) while what the client
 * still sends is read and discarded, until the client closes too or `LINGER_MS` passes. Node's own close destroys
 * the socket as soon as the answer is written: bytes the client sent meanwhile are then unread, the kernel answers
 * them with a reset, and the reset can destroy the answer before the client reads it.
 */

const LINGER_MS = 2_000;

function lingeringClose(this: Socket): void {
  if (this.writable) this.end();
  const timer = setTimeout(() => this.destroy(), LINGER_MS);
  timer.unref();
  this.once('close', () => clearTimeout(timer));
  // Discard whatever arrives: nothing on this connection is answered any more.
  this.resume();
}

/** Every connection of `server` closes in stages (http.Server keeps a half-open socket readable: allowHalfOpen). */
export function closeConnectionsInStages(server: Server): void {
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = lingeringClose;
  });
}
