// CGD142: a RUN pipeline whose failure is hidden because the shell lacks `-o pipefail`.
import { rangeFrom, scriptsOf } from '../../analyzers/dockerfile/query.ts';
import type { Instruction, Pipeline, Script, ShellCommand } from '../../analyzers/dockerfile/types.ts';
import { baseName, commandStart } from '../../analyzers/dockerfile/wrappers.ts';
import { dockerfileRef, hadolintRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix } from './fix.ts';

/** Commands that cannot meaningfully fail at the head of a pipe (`yes` is even killed by SIGPIPE by design). */
const HARMLESS = new Set(['echo', 'printf', 'yes', 'true', ':']);

/** Whether the SHELL in effect for the instruction sets `-o pipefail`, or the RUN is not parsed as POSIX shell. */
function shellHasPipefail(instr: Instruction): boolean {
  if (!instr.stage) return false;
  for (const stage of stageChain(instr.stage)) {
    // The last SHELL of the stage (before the instruction, in its own stage) is the one in effect.
    for (let k = stage.instructions.length - 1; k >= 0; k--) {
      const shell = stage.instructions[k]!;
      if (shell.kind === 'SHELL' && (stage !== instr.stage || shell.start < instr.start)) return shell.json?.some((j) => j.value === 'pipefail') ?? false;
    }
  }
  return false;
}

function nameOf(c: ShellCommand): string | undefined {
  if (c.type !== 'command') return undefined;
  const word = c.words[commandStart(c.words.map((w) => w.value))];
  return word ? baseName(word.value) : undefined;
}

/**
 * Unprotected pipelines of a script in source order: not followed by `||`, not after a command that turns
 * pipefail on (`set -o pipefail`, `bash -o pipefail -c …`), with a head that can fail.
 */
function unprotected(script: Script, state: { pipefail: boolean }, out: { pipeline: Pipeline; head: string }[]): void {
  for (const item of script.items) {
    item.pipelines.forEach((p, k) => {
      if (p.commands.length > 1 && !state.pipefail && item.ops[k] !== '||') {
        const head = p.commands.slice(0, -1).map(nameOf).find((n) => n !== undefined && !HARMLESS.has(n));
        if (head !== undefined) out.push({ pipeline: p, head });
      }
      for (const c of p.commands) {
        if (c.type === 'command') {
          if (c.words.some((w) => w.value === 'pipefail')) state.pipefail = true;
          if (c.inner) unprotected(c.inner, state, out);
        } else if (c.type === 'subshell' || c.type === 'group') unprotected(c.body, state, out);
        else if (c.type === 'case') for (const s of c.items) unprotected(s, state, out);
      }
    });
  }
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD142',
    name: 'pipefail-missing',
    target: 'dockerfile',
    title: 'Pipe in RUN without `pipefail`',
    description:
      'A shell pipeline succeeds if its *last* command succeeds: in `RUN curl -fsSL https://x/app.tgz | tar xz` a ' +
      'failed download still lets the build continue with a broken or empty result. `set -o pipefail` (or a ' +
      'SHELL with `-o pipefail`) makes the pipeline fail when any command in it fails. Pipes whose head cannot ' +
      'fail (`echo`, `printf`, `yes`) and pipelines followed by `||` are not reported.',
    severity: 'low',
    severityContext: [
      'Hygiene (the policy names it): a failed download in a pipeline lets the build continue; the following step usually fails anyway.',
      'hadolint rates it a warning.',
    ],
    category: 'reliability',
    references: [hadolintRef('DL4006'), 'https://docs.docker.com/build/building/best-practices/#using-pipes', dockerfileRef('#shell')],
    remediation: 'Add `SHELL ["/bin/bash", "-o", "pipefail", "-c"]` before the RUN (Debian/Ubuntu `sh` may not support it), or start the script with `set -o pipefail` where the shell does (bash, ash).',
    equivalents: ['hadolint:DL4006', 'kics:efbf148a-67e9-42d2-ac47-02fa1c0d0b22'],
    tags: ['hygiene'],
    messages: { default: 'If `{{head}}` fails, this pipeline still succeeds: set `-o pipefail`.' },
    examples: {
      bad: ['FROM debian:12\nRUN curl -fsSL https://example.com/app.tgz | tar -xz -C /opt\n'],
      good: ['FROM debian:12\nSHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN curl -fsSL https://example.com/app.tgz | tar -xz -C /opt\n'],
    },
  },
  check(doc, report) {
    for (const top of doc.instructions) {
      const instr = top.onbuild ?? top;
      if (instr.kind !== 'RUN' || shellHasPipefail(top)) continue;
      const state = { pipefail: false };
      const found: { pipeline: Pipeline; head: string }[] = [];
      for (const script of scriptsOf(top)) unprotected(script, state, found);
      // Unsafe: `set -o pipefail` fails in a shell without it (dash before 0.5.11), and a hidden failure then fails the build.
      const span = top.kind === 'RUN' && top.script && top.heredocs.length === 0 ? top.argsSpan : undefined;
      const fix = span ? dockerfileFix(doc, 'Start the RUN with set -o pipefail.', [[span.start, span.start, 'set -o pipefail && ']], 'unsafe') : undefined;
      for (const { pipeline, head } of found) {
        report({ range: rangeFrom(pipeline.commands[0]!, pipeline.commands[pipeline.commands.length - 1]!), data: { head }, fix });
      }
    }
  },
};
