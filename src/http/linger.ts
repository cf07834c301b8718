// Answers sent before the request's body has arrived — a 413 from its Content-Length or partway through, a 415, a
// 401 or 429 from a hook — while the client may still be sending. When the connection closes after such an answer
// (Fastify closes it after a refused body; the client may have asked for it with `Connection: close`), Node destroys
// the socket with the client's data unread, the kernel answers with a reset, and a client that sends its whole body
// before reading — Python's http.client and urllib, most simple clients — gets a broken pipe instead of the answer
// (20 of 20 uploads of 10 MB, measured). So the connection closes the way nginx and Apache close it ("lingering
// close"): the answer and a FIN are sent, and the rest of the body is read and thrown away until the client closes.
// A connection kept open after the answer reads the rest of the body anyway (Node does, to find the next request).
// Bounded both ways: a body still arriving LINGER_MS after the answer is cut off.
import { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';

export const LINGER_MS = 5000;

const answeredEarly = new WeakSet<Socket>();

/** Whether the socket's request was answered before its body arrived: Node's request timeout must then not answer
 * it a second time (server.ts, clientError). */
export function answeredBeforeBody(socket: Socket): boolean {
  return answeredEarly.has(socket);
}

/** Ends the writing side only, and goes on reading until the client closes: what Node's `destroySoon` does once
 * the FIN is written is destroy, resetting a connection the client is still sending on. */
function lingeringClose(this: Socket): void {
  this.end();
}

/** An `onSend` hook: for an answer to a request whose body has not all arrived, keep reading it, within the bound. */
export function lingerOnEarlyAnswer(req: FastifyRequest): void {
  const raw = req.raw;
  const socket = raw.socket;
  // Only a connection has a body still arriving (requests injected in tests have a stand-in socket).
  if (raw.complete || !(socket instanceof Socket) || socket.destroyed) return;
  answeredEarly.add(socket);
  // Node closes a connection after its last answer with socket.destroySoon() (http server, resOnFinish).
  socket.destroySoon = lingeringClose;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  // Undone when the body has arrived (a kept connection may be answered early many times) or the connection closes.
  const undo = () => {
    clearTimeout(timer);
    answeredEarly.delete(socket);
    raw.off('end', undo);
    socket.off('close', undo);
    delete (socket as Partial<Socket>).destroySoon;
  };
  raw.once('end', undo);
  socket.once('close', undo);
  // Fastify stopped listening to a body it refused; the data must still be read to be thrown away.
  raw.resume();
}
