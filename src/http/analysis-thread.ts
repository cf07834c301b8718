// An analysis thread (src/http/analysis-pool.ts): runs the jobs the pool sends, one at a time, and answers each.
import { parentPort, workerData } from 'node:worker_threads';
import { READY, runAnalysisJob } from './analysis-pool.ts';
import type { AnalysisJob, ThreadData } from './analysis-pool.ts';

const { engine } = workerData as ThreadData;
parentPort!.on('message', (job: AnalysisJob) => parentPort!.postMessage(runAnalysisJob(job, engine)));
parentPort!.postMessage(READY);
