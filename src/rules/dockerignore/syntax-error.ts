// CGI000: a .dockerignore pattern Docker refuses (reports from the parser): every build that sends this context
// then fails before its first step.
import type { Rule } from '../../core/rule.ts';
import type { DockerignoreDoc } from '../../analyzers/dockerignore/types.ts';
import { PRAGMA_MESSAGES } from '../pragma-messages.ts';

export const rule: Rule<DockerignoreDoc> = {
  meta: {
    id: 'CGI000',
    name: 'syntax-error',
    target: 'dockerignore',
    title: '.dockerignore pattern Docker refuses',
    description:
      'Docker checks every pattern of a `.dockerignore` before it sends the build context, and refuses the whole ' +
      'file for one it cannot read: `!` with nothing after it, a `[` character class that is not closed or holds ' +
      'a `-` or `]` where a character is expected, a trailing `\\`. Every build of this context then fails. A ' +
      'malformed `# confgate` pragma is reported too.',
    severity: 'high',
    category: 'syntax',
    references: ['https://docs.docker.com/build/concepts/context/#dockerignore-files', 'https://pkg.go.dev/path/filepath#Match'],
    remediation: 'Fix the pattern at the reported line: escape a literal `[` as `\\[`, close the class, or remove the lone `!`.',
    equivalents: [],
    messages: {
      default: 'Docker refuses this pattern.',
      bareExclusion: 'A "!" with no pattern after it: Docker refuses the file ("illegal exclusion pattern").',
      badPattern: 'Docker refuses the pattern "{{pattern}}": {{detail}}.',
      ...PRAGMA_MESSAGES,
    },
    examples: {
      bad: ['node_modules\n!\n'],
      good: ['node_modules\n!node_modules/keep\n'],
    },
  },
  // Everything it reports comes from the parser (src/core/analyze.ts runs them as this rule's findings).
  check() {},
};
