// CGD133: HEALTHCHECK options Docker rejects: durations without a unit, negative retries.
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const DURATIONS = ['interval', 'timeout', 'start-period', 'start-interval'];
/** A Go duration (`30s`, `1m30s`, `1.5h`, `500ms`) or a bare `0` (use the default). */
const GO_DURATION = /^(0|(\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)((\d+(\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h))*)$/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD133',
    name: 'healthcheck-invalid-option',
    target: 'dockerfile',
    title: 'Invalid HEALTHCHECK option value',
    description:
      'HEALTHCHECK durations are Go durations with a unit (`30s`, `1m30s`): `--interval=30` has none and fails ' +
      'the build, as do negative values. `--retries` is a non-negative whole number.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Docker refuses the value, so the build fails.',
    ],
    category: 'correctness',
    references: [dockerfileRef('#healthcheck'), 'https://pkg.go.dev/time#ParseDuration'],
    remediation: 'Give durations a unit (`--interval=30s --timeout=5s --start-period=10s`) and retries as a whole number (`--retries=3`).',
    equivalents: [],
    messages: {
      default: '`--{{flag}}={{value}}` is not a valid duration: add a unit, e.g. `{{value}}s`.',
      retries: '`--retries={{value}}` must be a whole number of at least 0.',
    },
    examples: {
      bad: ['FROM nginx:1.27\nHEALTHCHECK --interval=30 CMD ["curl", "-f", "http://localhost/"]\n'],
      good: ['FROM nginx:1.27\nHEALTHCHECK --interval=30s CMD ["curl", "-f", "http://localhost/"]\n'],
    },
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['HEALTHCHECK'], true)) {
      const instr = top.onbuild ?? top;
      for (const flag of instr.flags) {
        const value = flag.value;
        if (!value || value.unresolved.length > 0 || value.raw.includes('$')) continue;
        if (DURATIONS.includes(flag.name) && !GO_DURATION.test(value.value)) report({ range: value.range, data: { flag: flag.name, value: value.value } });
        if (flag.name === 'retries' && !/^\d+$/.test(value.value)) report({ range: value.range, messageId: 'retries', data: { value: value.value } });
      }
    }
  },
};
