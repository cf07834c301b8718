// CGD139: ENV referring to a variable set earlier in the same ENV instruction.
import { variableReference, variableReferenceRange } from '../../analyzers/dockerfile/query-packages.ts';
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD139',
    name: 'env-self-reference',
    target: 'dockerfile',
    title: 'ENV uses a variable defined in the same instruction',
    description:
      'All substitutions of an ENV instruction use the values from *before* it: in `ENV DIR=/app BIN=$DIR/bin`, ' +
      '`$DIR` is still unset (or has its previous value), so BIN becomes `/bin`. Referring to a variable set ' +
      'earlier in the same ENV almost never does what the author meant.',
    severity: 'medium',
    severityContext: [
      'The variable gets its previous value, almost never what was meant: a real bug, should fix.',
      'hadolint rates it an error.',
    ],
    category: 'correctness',
    references: [hadolintRef('DL3044'), dockerfileRef('#environment-replacement')],
    remediation: 'Split the instruction: `ENV DIR=/app` then `ENV BIN=$DIR/bin`.',
    equivalents: ['hadolint:DL3044'],
    messages: {
      default: '`${{name}}` is set in this same ENV, but substitution uses the values from before it: here it is empty.',
      previous: '`${{name}}` is set in this same ENV, but substitution uses the value from before it (`{{old}}`), not the new one.',
    },
    examples: {
      bad: ['FROM alpine:3.20\nENV APP_HOME=/app APP_BIN=$APP_HOME/bin\n'],
      good: ['FROM alpine:3.20\nENV APP_HOME=/app\nENV APP_BIN=$APP_HOME/bin\n'],
    },
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['ENV'], true)) {
      const instr = top.onbuild ?? top;
      if (instr.kind !== 'ENV') continue;
      instr.pairs.forEach((pair, i) => {
        if (!pair.value) return;
        for (const earlier of instr.pairs.slice(0, i)) {
          const name = earlier.key.value;
          // `ENV PATH=/x:$PATH` alone is intended: it reads the value before the instruction. Once an earlier pair of the
          // same ENV set the name, the reference still reads that old value, and the earlier pair's is lost.
          if (!variableReference(name).test(pair.value.raw)) continue;
          const old = instr.env.get(name);
          const range = variableReferenceRange(pair.value, name);
          if (old === undefined) report({ range, data: { name } });
          else report({ range, messageId: 'previous', data: { name, old } });
        }
      });
    }
  },
};
