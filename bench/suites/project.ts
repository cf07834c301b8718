// Project analysis speed: a 10-file project (two compose files and eight Dockerfiles: the fixtures, the
// built Dockerfiles under the paths the compose files name) through the whole project pipeline (detection,
// per-file analysis, build linking with re-parses per build configuration, project rules, scoring), against
// the baseline of analyzing each of the same ten files alone, measured in the same run after the same warm-up,
// in alternating slices (medians). The ratio is "baseline time / our time": the cost of the cross-file pass is
// the gap below 1.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeFile, analyzeProject } from '../../src/analysis/analyze.ts';
import type { FileInput } from '../../src/analysis/analyze.ts';
import { ratio, timeIt } from '../measure.ts';
import type { SuiteResult } from '../run.ts';

const fixtures = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));
const read = (p: string): string => readFileSync(`${fixtures}${p}`, 'utf8');
const dockerfiles = readdirSync(`${fixtures}dockerfile`).filter((f) => f.endsWith('.Dockerfile')).sort();

/** Ten files: both project fixtures' compose files, their four Dockerfiles, and the Dockerfile fixtures. */
function project(): FileInput[] {
  const files: FileInput[] = [
    { filename: 'compose.yaml', content: read('project/hardened/compose.yaml') },
    { filename: 'web/Dockerfile', content: read('project/hardened/web/Dockerfile') },
    { filename: 'db/Dockerfile', content: read('project/hardened/db/Dockerfile') },
    { filename: 'legacy/compose.yaml', content: read('project/insecure/compose.yaml') },
    { filename: 'legacy/api/Dockerfile', content: read('project/insecure/api/Dockerfile') },
    { filename: 'legacy/docs/Dockerfile', content: read('project/insecure/docs/Dockerfile') },
  ];
  for (const f of dockerfiles.slice(0, 10 - files.length)) files.push({ filename: `extra/${f}`, content: read(`dockerfile/${f}`) });
  return files;
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
}

export default async function run(): Promise<SuiteResult> {
  const files = project();
  const options = { helpBaseUrl: 'http://bench' };
  const whole = (): unknown => analyzeProject(files, options);
  const alone = (): unknown => files.forEach((f) => analyzeFile(f, options));
  // The same warm-up for both, then alternating slices: whichever ran first used to pay for the JIT alone.
  timeIt(whole, 2000, 0);
  timeIt(alone, 2000, 0);
  const projectSlices: number[] = [];
  const aloneSlices: number[] = [];
  for (let i = 0; i < 10; i++) {
    projectSlices.push(timeIt(whole, 100, 0).meanMs);
    aloneSlices.push(timeIt(alone, 100, 0).meanMs);
  }
  const projectMs = median(projectSlices);
  const aloneMs = median(aloneSlices);
  const report = analyzeProject(files, options);
  const rows: [string, number, string][] = [
    [`${files.length}-file project: analyzeProject`, projectMs, ratio(aloneMs, projectMs)],
    [`${files.length} files analyzed alone (baseline)`, aloneMs, '1.00x'],
  ];
  for (const [name, ms, r] of rows) console.log(`${name.padEnd(44)} ${ms.toFixed(3).padStart(9)} ms   ${r} vs baseline`);
  console.log(`cross-file overhead: ${(projectMs - aloneMs).toFixed(3)} ms (${report.project_findings.length} project findings, ${files.reduce((n, f) => n + f.content.length, 0)} bytes)`);
  return {
    suite: 'project',
    results: {
      files: files.length,
      bytes: files.reduce((n, f) => n + f.content.length, 0),
      projectMs,
      filesAloneMs: aloneMs,
      ratio: ratio(aloneMs, projectMs),
      overheadMs: projectMs - aloneMs,
      projectFindings: report.project_findings.length,
    },
  };
}
