// CGW037: an `env:` key that no environment variable can be named.
import type { GhaRule } from './support.ts';
import { allEnvs, WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW037',
    name: 'invalid-env-name',
    target: 'github-workflow',
    title: 'Invalid environment variable name in env:',
    description:
      'An environment variable\'s name cannot hold `=` (the process environment is a list of `NAME=value` strings, ' +
      'so `A=B: x` sets `A` to `B=x`), and a name with a space or `&` cannot be read by a shell script (`$MY VAR` is ' +
      '`$MY` followed by `VAR`). The variable the step expects is then empty or wrong; whether that breaks the run ' +
      'the file cannot tell: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#env`, 'https://pubs.opengroup.org/onlinepubs/9799919799/basedefs/V1_chap08.html'],
    remediation: 'Name the variable with letters, digits and underscores (`MY_VAR`).',
    equivalents: ['actionlint:env-var'],
    messages: { default: 'Environment variable name "{{name}}" is invalid: it contains {{what}}.' },
    examples: {
      bad: ['on: push\npermissions: {}\nenv:\n  NODE OPTIONS: --max-old-space-size=4096\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: npm test\n'],
      good: ['on: push\npermissions: {}\nenv:\n  NODE_OPTIONS: --max-old-space-size=4096\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: npm test\n'],
    },
  },
  check(doc, report) {
    for (const env of allEnvs(doc)) {
      for (const p of env.pairs) {
        if (p.key.includes('${{')) continue;
        const what = p.key.includes('=') ? '"="' : /\s/.test(p.key) ? 'whitespace' : p.key.includes('&') ? '"&"' : p.key === '' ? 'nothing' : undefined;
        if (what) report({ range: p.keyNode.range, data: { name: p.key, what } });
      }
    }
  },
};
