// Analyses of the public API run on worker threads, not on the event loop. Two reasons, both measured
// (bench/README.md, `http`): a 100 KB file takes 10–30 ms of CPU, which would hold up every other request of the
// process (health checks, partner reads) meanwhile; and a thread that only analyzes keeps more of the rules' code and
// data in the CPU caches than the event loop, where HTTP work runs between analyses (the bench's Dockerfile: ~90 µs of
// CPU on a thread, 110–145 µs on the event loop, 45 µs in a tight loop).
// Analyses wait in a queue kept here; each thread is handed a few at a time (it runs them in order), so it never
// idles while the busy event loop gets round to sending it the next one. A thread whose current analysis runs past
// ANALYSIS_TIMEOUT_MS is stopped; a thread that stops for any reason fails the analyses it held, and is replaced on
// the next analysis.
// Hand-written rather than piscina: piscina cost 2–3x the event-loop CPU per task for these short tasks (measured
// 2026-11-22), more than the analysis it moves off the loop.
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { EngineOptions, RuleConfig } from '../core/engine.ts';
import type { AnalysisSettings } from '../config.ts';
import { analyzeFile, analyzeProject, UnsupportedFileType } from '../analysis/analyze.ts';
import { answerOfFixedFile, answerOfFixedProject, fixFile, fixProject } from '../analysis/fix.ts';
import type { FixMode } from '../core/fix.ts';
import type { FileInput, FileReport, ProjectReport } from '../analysis/analyze.ts';
import { ApiError } from './errors.ts';

/** One analysis: its files and the request's rule configuration (src/analysis/rule-config.ts), by rule id. */
export type AnalysisJob = ({ kind: 'file'; input: FileInput } | { kind: 'project'; files: FileInput[] }) & { config?: RuleConfig; fix?: FixMode };

/** What one analysis adds to the daily counters (`app.countAnalyses`). */
export interface AnalysisCount {
  fileType: string;
  score: number;
  severity: string;
}

/** A thread's first message: the rules are loaded, analyses from now on run at once (and are timed). */
export const READY = 'ready';

/** What a thread answers: the report as JSON text (the API sends it as is; a string crosses threads as one copy,
 * where an object would be rebuilt field by field) and its counts, or the one expected refusal (a file of no
 * supported type, by index). */
export type AnalysisOutcome = { ok: true; json: string; counts: AnalysisCount[] } | { ok: false; unsupported: number };

/** A finished analysis: the report's JSON text, what it counts, and the report itself, parsed on demand. */
export interface Analysis<R> {
  json: string;
  counts: AnalysisCount[];
  report(): R;
}

/** Each file of a project, and the project. */
function projectCounts(report: ProjectReport): AnalysisCount[] {
  return [
    ...report.files.map((f) => ({ fileType: f.file_type, score: f.report.score, severity: f.report.severity })),
    { fileType: 'project', score: report.score, severity: report.severity },
  ];
}

/** Runs one job where it is called: on an analysis thread, or on the event loop when ANALYSIS_THREADS=0. */
export function runAnalysisJob(job: AnalysisJob, service: EngineOptions): AnalysisOutcome {
  const engine = job.config ? { ...service, ...job.config } : service;
  try {
    if (job.kind === 'file') {
      const report = job.fix ? answerOfFixedFile(fixFile(job.input, engine, job.fix)) : analyzeFile(job.input, engine);
      return { ok: true, json: JSON.stringify(report), counts: [{ fileType: report.file_type, score: report.score, severity: report.severity }] };
    }
    const report = job.fix ? answerOfFixedProject(fixProject(job.files, engine, job.fix)) : analyzeProject(job.files, engine);
    return { ok: true, json: JSON.stringify(report), counts: projectCounts(report) };
  } catch (err) {
    if (err instanceof UnsupportedFileType) return { ok: false, unsupported: err.index };
    throw err;
  }
}

/** The data a thread starts with. */
export interface ThreadData {
  engine: EngineOptions;
}

/** Old-generation heap of one thread: far above what the largest project needs (~15 MB per 100 KB analyzed), low
 * enough that a runaway analysis ends its thread (and its request) instead of the process. */
const THREAD_HEAP_MB = 128;

/** What the pool is doing, for `/metrics`. */
export interface PoolStats {
  /** Threads running (started, not stopped). */
  threads: number;
  /** Analyses waiting in the queue for a thread. */
  queued: number;
  /** Analyses handed to threads (running or next in line on their thread). */
  held: number;
  /** Threads stopped since start by reason (`timeout`, `exit`, or the error's code or name, e.g. `ERR_WORKER_OUT_OF_MEMORY`). */
  stopped: ReadonlyMap<string, number>;
}

interface Task {
  job: AnalysisJob;
  resolve: (outcome: AnalysisOutcome) => void;
  reject: (err: Error) => void;
}

/** Analyses handed to one thread at a time: enough to cover the round trip of a result through the event loop. */
export const PER_THREAD = 4;

interface Thread {
  worker: Worker;
  /** Loaded: until then nothing runs, so nothing is timed (loading is not the analysis's time). */
  ready: boolean;
  /** Handed to the thread, in the order it runs them: the first is running. */
  tasks: Task[];
  /** Times the running analysis. */
  timer: NodeJS.Timeout | undefined;
}

function failed(): ApiError {
  return new ApiError(503, 'analysis_failed', 'The analysis could not be completed; nothing was counted. Retry, and quote the request id if it keeps happening.');
}

export class AnalysisPool {
  readonly #settings: AnalysisSettings;
  readonly #engine: EngineOptions;
  readonly #log: FastifyBaseLogger;
  readonly #threadUrl: URL;
  readonly #threads = new Set<Thread>();
  readonly #queue: Task[] = [];
  readonly #stopped = new Map<string, number>();
  #closed = false;

  /** `threadUrl` is the thread's entry module; tests give one that misbehaves on purpose. */
  constructor(settings: AnalysisSettings, engine: EngineOptions, log: FastifyBaseLogger, threadUrl = new URL('./analysis-thread.ts', import.meta.url)) {
    this.#settings = settings;
    this.#engine = engine;
    this.#log = log;
    this.#threadUrl = threadUrl;
  }

  /** One file; a file of no supported type rejects with UnsupportedFileType (index 0). `config` is the request's
   * resolved rule configuration (default: the recommended profile, every rule as its metadata says). */
  analyzeFile(input: FileInput, config?: RuleConfig, fix?: FixMode): Promise<Analysis<FileReport>> {
    return this.#run({ kind: 'file', input: { filename: input.filename, content: input.content, fileType: input.fileType }, ...(config ? { config } : {}), ...(fix ? { fix } : {}) });
  }

  /** A checked project (`checkProject`); a file of no supported type rejects with UnsupportedFileType(its index). */
  analyzeProject(files: readonly FileInput[], config?: RuleConfig, fix?: FixMode): Promise<Analysis<ProjectReport>> {
    return this.#run({ kind: 'project', files: files.map((f) => ({ filename: f.filename, content: f.content })), ...(config ? { config } : {}), ...(fix ? { fix } : {}) });
  }

  /** Starts every thread now instead of on the first analyses (the service at start-up; tests start none they do not use). */
  warm(): void {
    while (!this.#closed && this.#threads.size < this.#settings.threads) this.#spawn();
  }

  stats(): PoolStats {
    let held = 0;
    for (const t of this.#threads) held += t.tasks.length;
    return { threads: this.#threads.size, queued: this.#queue.length, held, stopped: this.#stopped };
  }

  /** Stops the threads; analyses still waiting fail with `analysis_failed`. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.splice(0)) task.reject(failed());
    await Promise.all([...this.#threads].map((t) => this.#stop(t)));
  }

  async #run<R>(job: AnalysisJob): Promise<Analysis<R>> {
    if (this.#closed) throw failed();
    const outcome = this.#settings.threads === 0 ? runAnalysisJob(job, this.#engine) : await this.#enqueue(job);
    if (!outcome.ok) throw new UnsupportedFileType(outcome.unsupported);
    const { json, counts } = outcome;
    return { json, counts, report: () => JSON.parse(json) as R };
  }

  #enqueue(job: AnalysisJob): Promise<AnalysisOutcome> {
    if (this.#queue.length >= this.#settings.queueLimit) {
      throw new ApiError(503, 'analysis_busy', 'Too many analyses are waiting; retry after the Retry-After header.', { 'Retry-After': '1' });
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#dispatch();
    });
  }

  /** Hands waiting tasks to the least busy threads, starting threads up to the configured number. */
  #dispatch(): void {
    while (this.#queue.length > 0) {
      let target: Thread | undefined;
      for (const t of this.#threads) if (t.tasks.length < PER_THREAD && (!target || t.tasks.length < target.tasks.length)) target = t;
      if ((!target || target.tasks.length > 0) && this.#threads.size < this.#settings.threads) target = this.#spawn();
      if (!target) return;
      const task = this.#queue.shift()!;
      target.tasks.push(task);
      if (target.tasks.length === 1 && target.ready) this.#time(target);
      target.worker.postMessage(task.job);
    }
  }

  #time(thread: Thread): void {
    thread.timer = setTimeout(() => this.#abandon(thread, 'timeout'), this.#settings.timeoutMs).unref();
  }

  #spawn(): Thread {
    const worker = new Worker(this.#threadUrl, {
      workerData: { engine: this.#engine } satisfies ThreadData,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    // An idle pool does not keep the process alive; a request waiting for its analysis does.
    worker.unref();
    const thread: Thread = { worker, ready: false, tasks: [], timer: undefined };
    worker.on('message', (outcome: AnalysisOutcome | typeof READY) => (outcome === READY ? this.#ready(thread) : this.#finish(thread, outcome)));
    // An exception escaping the job (a bug) or the heap limit: the thread is gone; its request fails.
    worker.on('error', (err) => this.#abandon(thread, (err as NodeJS.ErrnoException).code ?? err.name));
    worker.on('exit', () => this.#abandon(thread, 'exit'));
    this.#threads.add(thread);
    return thread;
  }

  #ready(thread: Thread): void {
    thread.ready = true;
    if (thread.tasks.length > 0) this.#time(thread);
  }

  #finish(thread: Thread, outcome: AnalysisOutcome): void {
    const task = thread.tasks.shift();
    if (!task) return;
    clearTimeout(thread.timer);
    if (thread.tasks.length > 0) this.#time(thread);
    task.resolve(outcome);
    this.#dispatch();
  }

  /** The thread timed out or stopped: fail what it held, replace it (on demand), go on with the queue. */
  #abandon(thread: Thread, why: string): void {
    if (!this.#threads.delete(thread)) return;
    clearTimeout(thread.timer);
    const tasks = thread.tasks.splice(0);
    // What went wrong, never with what: jobs hold submitted content.
    if (!this.#closed) {
      this.#log.warn({ reason: why, analyses: tasks.length }, 'analysis thread stopped; it is replaced');
      this.#stopped.set(why, (this.#stopped.get(why) ?? 0) + 1);
    }
    for (const task of tasks) task.reject(failed());
    void thread.worker.terminate();
    this.#dispatch();
  }

  async #stop(thread: Thread): Promise<void> {
    this.#threads.delete(thread);
    clearTimeout(thread.timer);
    for (const task of thread.tasks.splice(0)) task.reject(failed());
    await thread.worker.terminate();
  }
}
