// CGD000: what the parser could not read (reports from `parseDockerfile`), and a file Docker cannot build at all:
// no instruction, or no FROM.
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD000',
    name: 'syntax-error',
    target: 'dockerfile',
    title: 'Dockerfile cannot be parsed',
    description:
      'Docker would refuse this instruction (unknown instruction, missing arguments, unknown flag, unterminated ' +
      'heredoc, misplaced parser directive), or a RUN script has a shell syntax error that fails the build, or a ' +
      '`# confgate` pragma is malformed. The rest of the file is still analyzed. A file with no instruction, or ' +
      'with no `FROM`, is reported too: `docker build` fails on it, so it is not a perfect score.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Docker refuses the file or the build stops, so nothing ships until it is fixed.',
    ],
    category: 'syntax',
    references: [dockerfileRef(''), 'https://pubs.opengroup.org/onlinepubs/9799919799/utilities/V3_chap02.html'],
    remediation: 'Fix the instruction at the reported position; give every `# confgate ignore` pragma a `reason="..."`.',
    equivalents: ['hadolint:DL3043', 'hadolint:DL3061'],
    messages: {
      default: 'The Dockerfile cannot be parsed here.',
      syntax: '{{detail}}.',
      unknown: 'Unknown instruction: {{detail}}.',
      arguments: '{{detail}}.',
      flag: 'Unknown flag: {{detail}}.',
      shell: 'Shell syntax error: {{detail}}.',
      pragma: 'Malformed pragma: {{detail}}.',
      empty: 'The Dockerfile has no instruction; docker build has nothing to build and fails.',
      noFrom: 'The Dockerfile has no FROM instruction; docker build fails, as every build stage starts with FROM.',
      beforeFrom: '{{kind}} before the first FROM: only ARG may come before it, docker build fails ("no build stage in current context").',
    },
    examples: {
      bad: ['FROM alpine:3.20\nCOPYY . /app\n', 'FROM alpine:3.20\nRUN echo "unterminated\n', 'RUN echo "no base image"\n'],
      good: ['FROM alpine:3.20\nRUN echo "ok"\n'],
    },
  },
  // The parser reports syntax errors (see `runAnalyzer` in src/core/analyze.ts); the check, what the file lacks.
  check(doc, report) {
    const first = doc.instructions[0];
    if (!first) report({ range: { start_line: 1, start_column: 1, end_line: 1, end_column: 1 }, messageId: 'empty' });
    else if (doc.stages.length === 0) report({ range: first.range, messageId: 'noFrom' });
    else {
      // Only ARG may precede the first FROM; the first other instruction there is where the build stops.
      const early = doc.instructions.find((i) => i.kind !== 'ARG' && i.kind !== 'FROM' && !i.stage);
      if (early && early.start < doc.stages[0]!.from.start) report({ range: early.keyword.range, messageId: 'beforeFrom', data: { kind: early.kind } });
    }
  },
};
