// npm test: store-agnostic — HTTP parsing, timeouts and body limits; its /api/v1 requests are refused before any key lookup; nothing read or asserted depends on the store.
// Slow and malformed clients against a real listening server on loopback: slowloris headers and bodies are cut
// off by the request timeout (REQUEST_TIMEOUT_MS, 1 s here), requests Node's parser refuses get the error
// envelope with a request id, and an oversized body is refused from its Content-Length or while it streams,
// without the server reading it to the end.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ERRORS } from '../../src/http/errors.ts';
import { REQUEST_ID_PATTERN } from '../../src/http/request-id.ts';
import { BODY_LIMITS } from '../../src/http/limits.ts';
import { LINGER_MS } from '../../src/http/linger.ts';
import { startTestApp } from '../support/app.ts';
import type { TestApp } from '../support/app.ts';

const TIMEOUT_MS = 1000;
let t: TestApp;
let port: number;

before(async () => {
  t = await startTestApp({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: 'silent' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
after(() => t.close());

interface Conversation {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves with the time (ms since connect) the server closed the connection. */
  closed: Promise<number>;
  /** Resolves once the server has sent anything. */
  answered: Promise<void>;
}

/** `allowHalfOpen`: the client does not close its side when the server closes its own (a client still sending). */
function connect(to = port, { allowHalfOpen = false } = {}): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: to, host: '127.0.0.1', allowHalfOpen });
    const start = Date.now();
    let data = '';
    let answer: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    socket.on('data', (d) => {
      data += d.toString('latin1');
      answer();
    });
    // A reset is a close too (the server cuts off a body still arriving LINGER_MS after refusing it).
    socket.on('error', () => undefined);
    const closed = new Promise<number>((r) => socket.on('close', () => r(Date.now() - start)));
    socket.once('connect', () => resolve({ socket, received: () => data, closed, answered }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until the server closes the connection or the text is sent. */
async function trickle(c: Conversation, text: string, everyMs = 100): Promise<void> {
  for (const ch of text) {
    if (c.socket.destroyed || c.socket.writableEnded) return;
    c.socket.write(ch);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

function assertEnvelope(raw: string, status: number, code: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  assert.match(head, new RegExp(`^HTTP/1\\.1 ${status} `), head);
  const id = /^x-request-id: (\S+)$/im.exec(head)?.[1];
  assert.match(id ?? '', REQUEST_ID_PATTERN, 'X-Request-Id header');
  const parsed = JSON.parse(body) as { error: { code: string; request_id: string } };
  assert.equal(parsed.error.code, code);
  // Codes answered outside Fastify are in the catalogue too, with this status.
  assert.equal((ERRORS as Record<string, { status: number }>)[code]?.status, status, `${code} in ERRORS`);
  assert.equal(parsed.error.request_id, id);
}

describe('slow clients are cut off', { timeout: 20_000 }, () => {
  it('headers trickled a byte per 100 ms: 408 request_timeout and the connection closes', async () => {
    const c = await connect();
    const headers = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    void trickle(c, headers);
    const closedAfter = await c.closed;
    // The request timeout, plus up to one check interval (a quarter of it), plus scheduling slack.
    assert.ok(closedAfter < TIMEOUT_MS * 3, `closed after ${closedAfter} ms`);
    assertEnvelope(c.received(), 408, 'request_timeout');
  });
  it('a body trickled a byte per 100 ms: cut off the same way', async () => {
    const c = await connect();
    c.socket.write('POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n');
    void trickle(c, `{"filename":"Dockerfile","file_type":"auto","content":"${'x'.repeat(450)}"}`);
    const closedAfter = await c.closed;
    assert.ok(closedAfter < TIMEOUT_MS * 3, `closed after ${closedAfter} ms`);
    assertEnvelope(c.received(), 408, 'request_timeout');
  });
  it('a connection that never sends anything is closed', async () => {
    const c = await connect();
    const closedAfter = await c.closed;
    assert.ok(closedAfter < TIMEOUT_MS * 3, `closed after ${closedAfter} ms`);
  });
  it('a client that sends in time is served', async () => {
    const c = await connect();
    c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await c.closed;
    assert.match(c.received(), /^HTTP\/1\.1 200 /);
  });
});

describe('requests the HTTP parser refuses get the envelope', () => {
  const cases: [string, string, number, string][] = [
    ['a malformed request line', 'GET /healthz HTTP/9.9 junk\r\n\r\n', 400, 'bad_request'],
    ['a header without a colon', 'GET /healthz HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n', 400, 'bad_request'],
    ['a NUL byte in a header value', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400, 'bad_request'],
    ['a bare CR in a header value', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\rSet-Cookie: b\r\n\r\n', 400, 'bad_request'],
    ['both Content-Length and Transfer-Encoding', 'POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'bad_request'],
    ['two different Content-Length headers', 'POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n{}xx', 400, 'bad_request'],
    ['a non-numeric Content-Length', 'POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 1e3\r\n\r\n{}', 400, 'bad_request'],
    ['a malformed chunk size', 'POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n', 400, 'bad_request'],
    ['headers over 16 KiB', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ['a URL over 16 KiB', `GET /rules?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'headers_too_large'],
  ];
  for (const [what, raw, status, code] of cases) {
    it(`${what}: ${status} ${code}`, async () => {
      const c = await connect();
      c.socket.write(raw);
      await c.closed;
      assertEnvelope(c.received(), status, code);
    });
  }
});

describe('duplicate and conflicting headers', () => {
  const body = '{"filename":"Dockerfile","file_type":"auto","content":"FROM alpine"}';
  const cases: [string, string][] = [
    ['two Content-Types', `POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`],
    ['two Authorization headers', 'GET /api/v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\nConnection: close\r\n\r\n'],
    ['two Host headers', 'GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n'],
    ['two identical Content-Lengths', `POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`],
    ['an Expect: 100-continue never followed by the body', 'POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n'],
  ];
  for (const [what, raw] of cases) {
    it(`${what}: answered below 500 in the envelope`, { timeout: 10_000 }, async () => {
      const c = await connect();
      c.socket.write(raw);
      await c.closed;
      // Skip an interim 100 Continue; the final answer is what counts.
      const final = c.received().replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(final)?.[1]);
      assert.ok(status >= 200 && status < 500, `${what}: ${final.slice(0, 80)}`);
      if (status >= 400) assertEnvelope(final, status, JSON.parse(final.split('\r\n\r\n')[1] ?? '{}').error.code);
    });
  }
});

describe('oversized bodies are refused once past the limit, the rest read and thrown away', () => {
  const TEN_MB = 10 * 1000 * 1000;
  // A server with the default request timeout: with the 1 s of the slow-client tests, a loaded machine could cut an
  // upload off with 408 (and no answer to read) before it passed the body limit, which is not what this tests.
  let big: TestApp;
  let bigPort: number;
  before(async () => {
    big = await startTestApp({ LOG_LEVEL: 'silent' });
    await big.app.listen({ port: 0, host: '127.0.0.1' });
    bigPort = (big.app.server.address() as net.AddressInfo).port;
  });
  after(() => big.close());
  it('a 10 MB Content-Length: 413 before the body is sent', { timeout: 60_000 }, async () => {
    const c = await connect(bigPort);
    c.socket.write(`POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${TEN_MB}\r\n\r\n`);
    c.socket.write('{"content":"');
    await c.answered;
    assertEnvelope(c.received(), 413, 'payload_too_large');
    c.socket.destroy();
  });
  it('10 MB chunked: 413 once the limit is passed, long before the end', { timeout: 60_000 }, async () => {
    const c = await connect(bigPort);
    c.socket.write('POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answered = false;
    void c.answered.then(() => (answered = true));
    while (!answered && !c.socket.destroyed && sent < TEN_MB) {
      const ok = c.socket.write(`${chunk.length.toString(16)}\r\n`) && c.socket.write(chunk) && c.socket.write('\r\n');
      sent += chunk.length;
      // The answer (not only a drain or a close) ends the wait.
      if (!ok) await Promise.race([new Promise((r) => c.socket.once('drain', r)), c.closed, c.answered]);
    }
    await Promise.race([c.answered, c.closed]);
    assertEnvelope(c.received(), 413, 'payload_too_large');
    // The server answered past the route's limit (2 MiB) and before the end: socket buffers on both sides of
    // loopback hold a few MB more that the client could write meanwhile (5.5 MB seen), so the bound is the end.
    assert.ok(sent > BODY_LIMITS.analyze && sent < TEN_MB, `sent ${sent} bytes before the answer`);
    c.socket.destroy();
  });
  // Python's http.client keeps the connection by default; urllib asks to close it.
  for (const [client, connection] of [['http.client', ''], ['urllib', 'Connection: close\r\n']]) {
    it(`a client that sends its whole body before reading (as Python's ${client} does) reads the 413`, { timeout: 60_000 }, async () => {
      const c = await connect(bigPort);
      // Nothing is read until the last byte is written: had the server closed with the body still arriving, the
      // kernel would have reset the connection and these writes would fail with EPIPE or ECONNRESET.
      c.socket.pause();
      const body = `{"filename":"Dockerfile","file_type":"auto","content":"${'a'.repeat(TEN_MB)}"}`;
      const written = new Promise<Error | null | undefined>((resolve) => c.socket.write(`POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${connection}Content-Length: ${body.length}\r\n\r\n${body}`, resolve));
      const failed = await Promise.race([written, c.closed.then(() => new Error('closed while the body was being written'))]);
      assert.ok(!failed, String(failed));
      c.socket.resume();
      // The answer says the connection closes, and the server closes it once the client has read it.
      await c.closed;
      assertEnvelope(c.received(), 413, 'payload_too_large');
      assert.match(c.received(), /^connection: close$/im);
    });
  }
  it('a kept connection answered before its bodies arrived serves request after request, leaking no listeners', { timeout: 60_000 }, async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const c = await connect(bigPort);
      const body = `{"domain":"${'a'.repeat(1_000_000)}"}`;
      const answers = () => c.received().match(/HTTP\/1\.1 /g)?.length ?? 0;
      for (let i = 1; i <= 12; i++) {
        // No key: the 401 is answered from the headers, before the body is sent; the body then follows on the
        // kept connection, and is read through to the next request.
        c.socket.write(`POST /api/v1/scans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
        while (answers() < i && !c.socket.destroyed) await new Promise((r) => setTimeout(r, 5));
        c.socket.write(body);
      }
      c.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await c.closed;
      const responses = c.received().split(/(?=HTTP\/1\.1 )/);
      assert.equal(responses.length, 13);
      for (const r of responses.slice(0, 12)) assertEnvelope(r, 401, 'unauthorized');
      assert.match(responses[12]!, /^HTTP\/1\.1 200 /);
      assert.deepEqual(warnings.map((w) => w.name), []);
    } finally {
      process.off('warning', onWarning);
    }
  });
  it(`a refused body still arriving ${LINGER_MS / 1000} s after the answer is cut off, with one answer only`, { timeout: 60_000 }, async () => {
    const c = await connect(bigPort, { allowHalfOpen: true });
    c.socket.write(`POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${TEN_MB}\r\n\r\n{"content":"`);
    await c.answered;
    const answeredAfter = Date.now();
    // The client goes on sending, slowly; the server reads until the bound, then cuts the connection off.
    void trickle(c, 'a'.repeat(LINGER_MS / 10), 100);
    await c.closed;
    const waited = Date.now() - answeredAfter;
    assert.ok(waited > LINGER_MS - 1000 && waited < LINGER_MS + 5000, `closed ${waited} ms after the answer`);
    assertEnvelope(c.received(), 413, 'payload_too_large');
    assert.equal(c.received().match(/HTTP\/1\.1 /g)?.length, 1);
  });
});

describe('a body still arriving slowly after its request was answered', () => {
  // The 413 closes the connection after it (lingering); the 401 of a missing key keeps it open.
  const cases: [string, string, number, string][] = [
    ['POST /api/analyze', `Content-Length: ${BODY_LIMITS.analyze + 1}`, 413, 'payload_too_large'],
    ['POST /api/v1/scans', 'Content-Length: 100000', 401, 'unauthorized'],
  ];
  for (const [request, length, status, code] of cases) {
    it(`${request} answered ${status}: the request timeout cuts the connection off without a second answer`, async () => {
      const c = await connect(port, { allowHalfOpen: true });
      c.socket.write(`${request} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${length}\r\n\r\n{"domain":"`);
      void trickle(c, 'a'.repeat(100), 100);
      const closedAfter = await c.closed;
      assert.ok(closedAfter < TIMEOUT_MS * 3, `closed after ${closedAfter} ms`);
      // The answer, and not the 408 the request timeout gives a request nobody answered yet.
      assertEnvelope(c.received(), status, code);
      assert.equal(c.received().match(/HTTP\/1\.1 /g)?.length, 1);
    });
  }
});
