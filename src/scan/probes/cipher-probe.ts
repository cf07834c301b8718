// The cipher-suite probe: hand-built ClientHellos (client-hello.ts) sent to the vetted address of the scan's host,
// each offering one class of suites; the answer says whether the server accepts the class. Every connection goes
// to the address the connector vetted and is opened by it (`tcpConnect`: the same per-scan cache as every other
// probe, the HTTPS port only, counted against the scan's budget); nothing here resolves a name or opens a socket.
import type { Connector, ScanBudget } from '../../net/connector.ts';
import { ConnectError } from '../../net/connector.ts';
import type { CipherEvidence } from '../evidence.ts';
import type { ServerAnswer, SuiteClass } from './client-hello.ts';
import { buildClientHello, DHE_SUITES, parseServerAnswer, SUITE_CLASSES, SUITES } from './client-hello.ts';

export interface CipherProbeOptions {
  timeoutMs: number;
  budget: ScanBudget;
  /** The scan's per-host connection limit; each handshake takes a slot. */
  limit?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** Sends one ClientHello and reads until the answer is decided: a ServerHello, an alert or a closed connection. */
export async function helloExchange(connector: Connector, host: string, suites: readonly number[], opts: CipherProbeOptions): Promise<ServerAnswer> {
  return opts.limit ? opts.limit(() => exchange(connector, host, suites, opts)) : exchange(connector, host, suites, opts);
}

/** A server that closes or resets without an alert refuses too (many do for suites they do not know). */
const REFUSED: ServerAnswer = { kind: 'alert', level: 2, description: 0 };

async function exchange(connector: Connector, host: string, suites: readonly number[], opts: CipherProbeOptions): Promise<ServerAnswer> {
  let connection;
  try {
    connection = await connector.tcpConnect(host, { timeoutMs: opts.timeoutMs, budget: opts.budget });
  } catch (err) {
    if (err instanceof ConnectError && (err.message === 'ECONNRESET' || err.message === 'EPIPE')) return REFUSED;
    throw err;
  }
  const { socket, deadline } = connection;
  const timeoutMs = opts.timeoutMs;
  return new Promise<ServerAnswer>((resolve, reject) => {
    let data = Buffer.alloc(0);
    let done = false;
    const finish = (answer: ServerAnswer | Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    const timer = setTimeout(() => finish(new ConnectError('timeout', `no ServerHello within ${timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const answer = parseServerAnswer(data);
      if (answer.kind !== 'incomplete') finish(answer);
      else if (data.length > 64 * 1024) finish({ kind: 'garbage', reason: 'no ServerHello in 64 KiB' });
    });
    socket.on('end', () => finish(parseServerAnswer(data).kind === 'hello' ? parseServerAnswer(data) : REFUSED));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') finish(REFUSED);
      else finish(new ConnectError('network', err.code ?? err.message));
    });
    socket.write(buildClientHello(host, suites));
  });
}

function classOf(suite: number): SuiteClass | undefined {
  return SUITE_CLASSES.find((c) => (SUITES[c] as readonly number[]).includes(suite));
}

/** The weak classes are offered together first: one refusal settles all five, the common case. */
const WEAK: readonly SuiteClass[] = ['null', 'anon', 'export', 'rc4', '3des'];
const REST: readonly SuiteClass[] = ['fsCbc', 'rsaCbc', 'rsaAead', 'fsAead'];
/** The authenticated DHE suites of the forward-secret classes. */
const DHE_ONLY: readonly number[] = [...SUITES.fsAead, ...SUITES.fsCbc].filter((x) => DHE_SUITES.has(x));

/**
 * Which suite classes the server accepts at TLS 1.2 and below, in 6 handshakes (DHE alone included) when no weak class is accepted
 * (more only for a server that accepts one). Runs the handshakes concurrently: they are few and tiny.
 */
export async function probeCipherClasses(connector: Connector, host: string, opts: CipherProbeOptions): Promise<CipherEvidence> {
  const accepted: CipherEvidence['accepted'] = {};
  const record = (answer: ServerAnswer, offered: readonly SuiteClass[]) => {
    if (answer.kind === 'garbage') throw new Error(`unreadable answer to a ClientHello: ${answer.reason}`);
    if (answer.kind !== 'hello') return undefined;
    const cls = classOf(answer.suite);
    if (cls === undefined || !offered.includes(cls)) throw new Error(`the server chose suite 0x${answer.suite.toString(16).padStart(4, '0')}, which was not offered`);
    accepted[cls] = { suite: answer.suite, version: answer.version, ...(answer.group !== undefined ? { group: answer.group } : {}), ...(answer.dhBits !== undefined ? { dhBits: answer.dhBits } : {}) };
    return cls;
  };
  const weakSuites = WEAK.flatMap((c) => SUITES[c]);
  // Finite-field DHE alone (a server preferring ECDHE never shows its DH group otherwise): its size, as testssl's
  // LOGJAM check and SSL Labs read it.
  let dhe: CipherEvidence['dhe'];
  const [weak] = await Promise.all([
    helloExchange(connector, host, weakSuites, opts).then((a) => record(a, WEAK)),
    ...REST.map((c) => helloExchange(connector, host, SUITES[c], opts).then((a) => record(a, [c]))),
    helloExchange(connector, host, DHE_ONLY, opts).then((a) => {
      if (a.kind === 'garbage') throw new Error(`unreadable answer to a ClientHello: ${a.reason}`);
      if (a.kind === 'hello' && DHE_ONLY.includes(a.suite)) dhe = { suite: a.suite, version: a.version, ...(a.dhBits !== undefined ? { dhBits: a.dhBits } : {}) };
    }),
  ]);
  if (weak !== undefined) {
    // One weak class answered: ask the others one by one (only such servers pay for it).
    await Promise.all(WEAK.filter((c) => c !== weak).map((c) => helloExchange(connector, host, SUITES[c], opts).then((a) => record(a, [c]))));
  }
  return { accepted, ...(dhe ? { dhe } : {}), handshakes: 2 + REST.length + (weak === undefined ? 0 : WEAK.length - 1) };
}
