// Microsoft's SARIF multitool (`@microsoft/sarif-multitool`, a self-contained .NET binary per platform inside the
// npm package: no .NET runtime needed) validating SARIF logs under the rule sets of the services that ingest them:
// `Gh` (GitHub code scanning) and `Ado` (GitHub Advanced Security for Azure DevOps, rules GHAzDO…).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The platform binary's path, as the package exports it. */
const MULTITOOL = createRequire(import.meta.url)('@microsoft/sarif-multitool') as string;

export interface MultitoolProblem {
  file: string;
  ruleId: string;
  level: string;
  message: string;
}

/**
 * The error- and warning-level results of `validate --rule-kind <kinds>` on each log, by the log's name. The binary
 * is run directly: the package's own launcher goes through a shell, which would split `Gh;Ado` at the `;`.
 */
export function multitoolProblems(logs: Record<string, unknown>, kinds: readonly string[]): MultitoolProblem[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'confgate-multitool-'));
  try {
    const inputs = Object.entries(logs).map(([name, log]) => {
      const file = path.join(dir, `${name}.sarif`);
      writeFileSync(file, JSON.stringify(log));
      return file;
    });
    const output = path.join(dir, 'validation.sarif');
    const res = spawnSync(MULTITOOL, ['validate', '--rule-kind', kinds.join(';'), '--level', 'Error;Warning', '--output', output, ...inputs], {
      encoding: 'utf8',
      timeout: 120_000,
      // Invariant globalization: no ICU library needed on the machine.
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
    });
    if (res.status !== 0) throw new Error(`sarif multitool exited ${res.status ?? res.signal}: ${res.error?.message ?? ''}${res.stdout}${res.stderr}`);
    const validation = JSON.parse(readFileSync(output, 'utf8')) as { runs: { results?: any[]; invocations?: { executionSuccessful?: boolean }[] }[] };
    const run = validation.runs[0]!;
    if (run.invocations?.[0]?.executionSuccessful !== true) throw new Error(`sarif multitool did not run successfully: ${res.stdout}`);
    return (run.results ?? []).map((r) => ({
      file: path.basename(String(r.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? ''), '.sarif'),
      ruleId: String(r.ruleId),
      level: String(r.level ?? 'warning'),
      message: String(r.message?.text ?? r.message?.id ?? ''),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
