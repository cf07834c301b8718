// Answers sent before the request's body has arrived — a 413 from its Content-Length or partway through, a 415, a
// 401 or 429 from a hook — while the client may still be sending. Fastify asks to close the connection after a
// refused body (`Connection: close`); Node then closes the socket with the client's unread data in it, the kernel
// answers that with a reset, and a client that sends its whole body before reading — Python's http.client, most
// simple clients — gets a broken pipe instead of the refusal (20 of 20 uploads of 10 MB, measured). So the body is
// read and thrown away while it arrives, as nginx and Apache do ("lingering close"): the client reads the refusal,
// and the connection can serve its next request (Node's parser keeps the body's framing). Bounded: a body still
// arriving LINGER_MS after the answer is cut off.
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const LINGER_MS = 5000;

const answeredEarly = new WeakSet<Socket>();

/** Whether the socket's request was answered before its body arrived: Node's request timeout must then not answer
 * it a second time (server.ts, clientError). */
export function answeredBeforeBody(socket: Socket): boolean {
  return answeredEarly.has(socket);
}

/** An `onSend` hook: for an answer to a request whose body has not all arrived, keep reading it, within the bound. */
export function lingerOnEarlyAnswer(req: FastifyRequest, reply: FastifyReply): void {
  const raw = req.raw;
  const socket = raw.socket;
  // Only a connection has a body still arriving (requests injected in tests have a stand-in socket).
  if (raw.complete || !(socket instanceof Socket) || socket.destroyed) return;
  // Refusals only: a 503 while the service shuts down keeps its `Connection: close`.
  if (reply.statusCode < 500) reply.removeHeader('connection');
  answeredEarly.add(socket);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  // Listeners come off when the body has arrived: a kept connection may be answered early many times.
  const closed = () => {
    clearTimeout(timer);
    answeredEarly.delete(socket);
    raw.off('end', arrived);
  };
  const arrived = () => {
    closed();
    socket.off('close', closed);
    // Shutting down: Node closed the connections idle when it began, not this one, idle only now.
    if (!req.server.server.listening) socket.destroy();
  };
  raw.once('end', arrived);
  socket.once('close', closed);
  // Fastify stopped listening to a body it refused; the data must still be read to be thrown away.
  raw.resume();
}
