// CGD000: what the parser could not read. Reports come from `parseDockerfile`; this rule only carries metadata.
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
      '`# confgate` pragma is malformed. The rest of the file is still analyzed.',
    severity: 'high',
    category: 'syntax',
    references: [dockerfileRef(''), 'https://pubs.opengroup.org/onlinepubs/9799919799/utilities/V3_chap02.html'],
    remediation: 'Fix the instruction at the reported position; give every `# confgate ignore` pragma a `reason="..."`.',
    equivalents: [],
    messages: {
      default: 'The Dockerfile cannot be parsed here.',
      syntax: '{{detail}}.',
      unknown: 'Unknown instruction: {{detail}}.',
      arguments: '{{detail}}.',
      flag: 'Unknown flag: {{detail}}.',
      shell: 'Shell syntax error: {{detail}}.',
      pragma: 'Malformed pragma: {{detail}}.',
    },
    examples: {
      bad: ['FROM alpine:3.20\nCOPYY . /app\n', 'FROM alpine:3.20\nRUN echo "unterminated\n'],
      good: ['FROM alpine:3.20\nRUN echo "ok"\n'],
    },
  },
  check() {
    // The analyzer's parser reports syntax errors; see `runAnalyzer` in src/core/analyze.ts.
  },
};
