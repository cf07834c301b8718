// CGD124: CMD / ENTRYPOINT in shell form: the process runs under `/bin/sh -c` and never sees SIGTERM.
import { shipsInFinalImage } from '../../analyzers/dockerfile/query-packages.ts';
import { buildCheckRef, hadolintRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix, writtenAs } from './fix.ts';
import type { Fix } from '../../core/fix.ts';
import type { DockerfileDoc, Instruction, Stage } from '../../analyzers/dockerfile/types.ts';

/** Words the shell gives no meaning to: no variable, quote, glob, redirection or operator. */
const PLAIN = /^[\w./:@%+,=-]+(?:[ \t]+[\w./:@%+,=-]+)*$/;
/** Shell built-ins with no program of that name: they only run in a shell. */
const BUILTINS = new Set(['cd', 'source', '.', 'export', 'set', 'unset', 'alias', 'eval', 'trap', 'ulimit', 'umask', 'wait', 'read', 'shift', 'return', 'exit', 'command', 'type', 'hash', 'exec']);

/** The exec form of a plain one-line command (the shell form only ran it through `sh -c`). An ENTRYPOINT only when no
 * CMD is set in its stages: in exec form it would receive the CMD as arguments, which the shell form ignores (a
 * base image's CMD is reset by the ENTRYPOINT). A CMD is the arguments of whatever ENTRYPOINT is in effect: its own
 * stages' or the base image's, which the file does not show. `sh -c "<command>"` becomes the bare words, and
 * entrypoints branch on their first argument (redis's, postgres's and mysql's initialise, chown and drop privileges
 * only when it is the server's name): safe only on `scratch` with no ENTRYPOINT, else unsafe, for a human to check. */
function execForm(doc: DockerfileDoc, instr: Instruction, stage: Stage): Fix | undefined {
  const span = instr.argsSpan!;
  if (!PLAIN.test(instr.argsText) || !writtenAs(doc, span, instr.argsText)) return undefined;
  const words = instr.argsText.split(/[ \t]+/);
  if (words[0]!.includes('=') || BUILTINS.has(words[0]!)) return undefined;
  const chain = stageChain(stage);
  if (instr.kind === 'ENTRYPOINT' && chain.some((s) => s.instructions.some((i) => i.kind === 'CMD'))) return undefined;
  const edit = [[span.start, span.end, `[${words.map((w) => JSON.stringify(w)).join(', ')}]`]] as const;
  if (instr.kind === 'ENTRYPOINT') return dockerfileFix(doc, 'Write ENTRYPOINT in exec form.', edit);
  const ownEntrypoint = chain.some((s) => s.instructions.some((i) => i.kind === 'ENTRYPOINT'));
  const onScratch = chain[chain.length - 1]!.image?.scratch === true;
  return ownEntrypoint || !onScratch
    ? dockerfileFix(doc, 'Write CMD in exec form (the ENTRYPOINT in effect then receives these words instead of `/bin/sh -c "…"`: check what it does with them).', edit, 'unsafe')
    : dockerfileFix(doc, 'Write CMD in exec form.', edit);
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD124',
    name: 'json-args-recommended',
    target: 'dockerfile',
    title: 'CMD / ENTRYPOINT in shell form',
    description:
      'In shell form Docker runs `/bin/sh -c "<command>"`: the shell is PID 1 and does not forward SIGTERM, so ' +
      '`docker stop` waits for the timeout and then kills the application without a graceful shutdown. A ' +
      'shell-form ENTRYPOINT also ignores CMD and the arguments of `docker run`. Not reported when the command ' +
      'starts with `exec`, when the stage sets its own SHELL, or in stages that do not reach the final image.',
    severity: 'low',
    severityContext: [
      'Signals are not forwarded, so `docker stop` waits and kills: a graceful-shutdown issue, not a defect that blocks.',
    ],
    category: 'reliability',
    references: [buildCheckRef('json-args-recommended'), hadolintRef('DL3025'), 'https://docs.docker.com/reference/dockerfile/#shell-and-exec-form'],
    remediation: 'Use the exec (JSON array) form: `CMD ["node", "server.js"]`. If you need shell features, write `CMD exec node server.js` or use a small entrypoint script that ends in `exec "$@"`.',
    equivalents: ['buildkit:JSONArgsRecommended', 'hadolint:DL3025', 'kics:b86987e1-6397-4619-81d5-8807f2387c79'],
    messages: {
      default: 'JSON arguments recommended for {{kind}}: in shell form the process does not receive stop signals.',
      entrypoint: 'JSON arguments recommended for ENTRYPOINT: in shell form it ignores CMD and `docker run` arguments, and the process does not receive stop signals.',
    },
    examples: {
      bad: ['FROM node:22\nCMD node server.js\n'],
      good: ['FROM node:22\nCMD ["node", "server.js"]\n'],
    },
  },
  check(doc, report) {
    for (const stage of doc.stages) {
      if (stageChain(stage).some((s) => s.instructions.some((i) => i.kind === 'SHELL'))) continue;
      for (const instr of stage.instructions) {
        if ((instr.kind !== 'CMD' && instr.kind !== 'ENTRYPOINT') || instr.json || !instr.argsSpan || !shipsInFinalImage(doc, instr)) continue;
        // `CMD exec app` replaces the shell with the application, which then receives signals itself.
        if (/^exec\s/.test(instr.argsText)) continue;
        // A text that looks like a broken JSON array is reported by malformed-exec-form instead.
        if (instr.argsText.startsWith('[')) continue;
        report({ range: instr.argsSpan.range, messageId: instr.kind === 'ENTRYPOINT' ? 'entrypoint' : 'default', data: { kind: instr.kind }, fix: execForm(doc, instr, stage) });
      }
    }
  },
};
