// HTTP throughput of the public analysis API against a no-op endpoint that takes the same body in the same
// run (JSON parsing, validation and the same hooks, but no analysis). Target: analyze ≥ 0.5 × no-op rps.
// The service runs in this process on loopback with an embedded store; autocannon runs in a worker thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../../src/config.ts';
import { buildServer } from '../../src/http/server.ts';
import { createLogger } from '../../src/logger.ts';
import { openEmbedded } from '../../src/storage/embedded.ts';
import { migrate } from '../../src/storage/migrate.ts';
import { AnalyzeRequest } from '../../src/http/schemas/analysis.ts';
import type { SuiteResult } from '../run.ts';

const DOCKERFILE = `# syntax=docker/dockerfile:1
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends curl=7.88.1-10+deb12u8 \\
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/dist ./dist
COPY --from=build /app/node_modules ./node_modules
USER node
EXPOSE 3000
HEALTHCHECK CMD curl -fsS http://localhost:3000/healthz || exit 1
CMD ["node", "dist/server.js"]
`;

const COMPOSE = `services:
  web:
    build: .
    ports:
      - "127.0.0.1:3000:3000"
    environment:
      DATABASE_URL: \${DATABASE_URL}
    depends_on:
      db:
        condition: service_healthy
    restart: unless-stopped
  db:
    image: postgres:16.4
    environment:
      POSTGRES_PASSWORD_FILE: /run/secrets/db_password
    secrets:
      - db_password
    volumes:
      - pgdata:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD", "pg_isready"]
    restart: unless-stopped
volumes:
  pgdata: {}
secrets:
  db_password:
    file: ./db_password.txt
`;

const DURATION = Number(process.env['BENCH_SECONDS'] ?? 8);

async function load(url: string, body: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const result = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 16, duration: DURATION, workers: 1 });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

export default async function run(): Promise<SuiteResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'confgate-bench-'));
  const db = await openEmbedded(dir);
  await migrate(db);
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_RATE_LIMIT: '999999/s' });
  const app = await buildServer({ config, db, clock: () => new Date() }, { logger: createLogger('silent') });
  // The baseline: same body, same parsing, validation and hooks; no analysis.
  app.post('/bench/noop', { schema: { body: AnalyzeRequest } }, async (req) => ({ request_id: req.id, data: { ok: true } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const cases = {
      dockerfile: JSON.stringify({ filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE }),
      compose: JSON.stringify({ filename: 'compose.yaml', file_type: 'auto', content: COMPOSE }),
    };
    const results: Record<string, unknown> = {};
    console.log(`${DURATION}s per run, 16 connections`);
    console.log('case        no-op rps  analyze rps  ratio  analyze p50/p99 ms');
    for (const [name, body] of Object.entries(cases)) {
      const noop = await load(`${base}/bench/noop`, body);
      const analyze = await load(`${base}/api/analyze`, body);
      if (analyze.non2xx > 0 || noop.non2xx > 0) throw new Error(`${name}: non-2xx responses during the run`);
      const ratio = analyze.rps / noop.rps;
      console.log(`${name.padEnd(10)} ${noop.rps.toFixed(0).padStart(10)} ${analyze.rps.toFixed(0).padStart(12)} ${ratio.toFixed(2).padStart(6)}  ${analyze.p50}/${analyze.p99}`);
      results[name] = { noop, analyze, ratio: Number(ratio.toFixed(3)), target: 0.5 };
    }
    return { suite: 'http', results };
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
