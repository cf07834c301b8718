// CGA001: attacker-controlled contexts expanded into a composite action's `run:` scripts or `github-script`'s
// `script:` (the workflow rule CGW001, for the steps of an action).
import { INJECTION_MESSAGES, INJECTION_REMEDIATION, reportInjections } from '../github-workflow/injection.ts';
import type { GhaRule } from '../github-workflow/support.ts';
import { SECURE_USE } from '../github-workflow/support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGA001',
    name: 'expression-injection',
    target: 'github-action',
    title: 'Attacker-controlled value expanded into a script',
    description:
      'A composite action\'s steps see the calling workflow\'s `github` context. An expression such as ' +
      '`${{ github.event.pull_request.title }}` in a `run:` script is replaced before the script runs, so whoever ' +
      'titles the pull request writes code that runs with the caller\'s token and secrets, in every workflow using the action. ' +
      'The action\'s own `inputs.*` expanded there are the same risk whenever a caller passes such a value in, which the ' +
      'action cannot rule out: reported too, at medium.',
    severity: 'high',
    severityContext: ['Medium for the action\'s own `inputs.*` (directly or through `env:`): whoever calls the action chooses them, and the action cannot tell whether a caller passes an attacker\'s value.'],
    category: 'security',
    cwe: ['CWE-78', 'CWE-94'],
    references: [`${SECURE_USE}#good-practices-for-mitigating-script-injection-attacks`, 'https://securitylab.github.com/resources/github-actions-untrusted-input/'],
    remediation: INJECTION_REMEDIATION,
    equivalents: ['zizmor:template-injection', 'actionlint:expression'],
    messages: INJECTION_MESSAGES,
    examples: {
      bad: ['name: label\nruns:\n  using: composite\n  steps:\n    - run: echo "${{ github.event.pull_request.title }}"\n      shell: bash\n'],
      good: ['name: label\nruns:\n  using: composite\n  steps:\n    - run: echo "$TITLE"\n      shell: bash\n      env:\n        TITLE: ${{ github.event.pull_request.title }}\n'],
    },
  },
  check(doc, report) {
    reportInjections(doc, report);
  },
};
