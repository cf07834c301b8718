// CGW014: `::set-output`, `::save-state` (deprecated) and `::set-env`, `::add-path` (disabled) printed by a script.
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';
import { reportWorkflowCommands } from './workflow-commands.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW014',
    name: 'deprecated-workflow-command',
    target: 'github-workflow',
    title: 'Deprecated or disabled workflow command',
    description:
      'Steps used to set outputs and state by printing `::set-output name=x::value` and `::save-state`. GitHub ' +
      'deprecated them in October 2022 because anything else the step prints (a file name, a test title, a pull ' +
      'request title echoed by a tool) can print the same line and forge an output; runners warn on every use and ' +
      'GitHub has announced their removal. `::set-env` and `::add-path` were disabled in 2020: the step fails.',
    severity: 'medium',
    severityContext: ['High for `::set-env` and `::add-path`: disabled since 2020, they fail the step (unless ACTIONS_ALLOW_UNSECURE_COMMANDS, CGW011, turns them back on).'],
    category: 'correctness',
    references: ['https://github.blog/changelog/2022-10-11-github-actions-deprecating-save-state-and-set-output-commands/', ghDocs('reference/workflows-and-actions/workflow-commands#setting-an-output-parameter')],
    remediation: 'Append to the files GitHub provides: `echo "name=value" >> "$GITHUB_OUTPUT"`, `>> "$GITHUB_STATE"`, `>> "$GITHUB_ENV"`, `>> "$GITHUB_PATH"`.',
    equivalents: ['actionlint:deprecated-commands'],
    messages: {
      default: '`::{{command}}` is a deprecated workflow command.',
      deprecated: '`::{{command}}` is deprecated (any printed line can forge it); append to the matching $GITHUB_OUTPUT or $GITHUB_STATE file instead.',
      disabled: '`::{{command}}` has been disabled since 2020 and fails the step; append to $GITHUB_ENV or $GITHUB_PATH instead.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: v\n        run: echo "::set-output name=version::1.2.3"\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: v\n        run: echo "version=1.2.3" >> "$GITHUB_OUTPUT"\n'],
    },
  },
  check(doc, report) {
    reportWorkflowCommands(doc, report);
  },
};
