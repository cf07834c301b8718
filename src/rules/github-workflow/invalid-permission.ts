// CGW026: a `permissions:` scope or level GitHub does not know.
import type { YPair } from '../../analyzers/yaml/yaml-tree.ts';
import { text } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { permissionPairs, WORKFLOW_SYNTAX } from './support.ts';
import { lowercased } from '../yaml-fix.ts';

/** The GITHUB_TOKEN's scopes and the levels each takes: a dated table (GitHub's workflow syntax as of 2026-04). A
 * scope GitHub adds later is reported until the table learns it: update it with the date. */
const SCOPES = new Map<string, readonly string[]>([
  ...['actions', 'artifact-metadata', 'attestations', 'checks', 'contents', 'deployments', 'discussions', 'issues', 'packages', 'pages', 'pull-requests', 'repository-projects', 'security-events', 'statuses'].map((s): [string, readonly string[]] => [s, ['read', 'write', 'none']]),
  ['id-token', ['write', 'none']],
  ['models', ['read', 'none']],
]);
const WHOLE = ['read-all', 'write-all'];

export const rule: GhaRule = {
  meta: {
    id: 'CGW026',
    name: 'invalid-permission',
    target: 'github-workflow',
    title: 'Unknown permission scope or level',
    description:
      'GitHub refuses a workflow whose `permissions:` names a scope it does not know (`pull-request` for ' +
      '`pull-requests`, `content` for `contents`) or a level a scope does not take (`id-token: read`): the workflow ' +
      'does not run. The scopes are an offline table dated 2026-04.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#permissions`],
    remediation: `Use the scopes GitHub lists (${[...SCOPES.keys()].map((s) => `\`${s}\``).join(', ')}) with \`read\`, \`write\` or \`none\`, or \`read-all\`/\`write-all\`/\`{}\` for all of them.`,
    equivalents: ['actionlint:permissions'],
    messages: {
      default: 'Unknown permission "{{value}}".',
      scope: 'Unknown permission scope "{{value}}"; GitHub refuses the workflow.',
      level: '"{{value}}" is not a level of "{{scope}}" (it takes {{levels}}); GitHub refuses the workflow.',
      whole: '"{{value}}" is not a permissions value: use read-all, write-all, {} or a mapping of scopes.',
    },
    examples: {
      bad: ['on: pull_request\npermissions:\n  contents: read\n  pull-request: write\njobs:\n  label:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make label\n'],
      good: ['on: pull_request\npermissions:\n  contents: read\n  pull-requests: write\njobs:\n  label:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make label\n'],
    },
  },
  check(doc, report) {
    const check = (p: YPair): void => {
      const v = p.value;
      if (v.kind === 'scalar') {
        // `permissions:` with nothing after it is no value GitHub accepts (`{}` is how to grant none).
        if (v.value === null && v.end === v.start) {
          report({ range: p.keyNode.range, messageId: 'whole', data: { value: '' } });
          return;
        }
        const value = text(v);
        if (value !== undefined && !WHOLE.includes(value) && !value.includes('${{')) report({ range: v.range, messageId: 'whole', data: { value }, fix: lowercased(doc.pos.text, v, value, WHOLE) });
        return;
      }
      if (v.kind !== 'map') return;
      for (const s of v.pairs) {
        const levels = SCOPES.get(s.key);
        if (!levels) {
          report({ range: s.keyNode.range, messageId: 'scope', data: { value: s.key } });
          continue;
        }
        const level = text(s.value);
        if (level !== undefined && !levels.includes(level)) report({ range: s.value.range, messageId: 'level', data: { value: level, scope: s.key, levels: levels.join(', ') }, fix: lowercased(doc.pos.text, s.value, level, levels) });
      }
    };
    for (const p of permissionPairs(doc)) check(p);
  },
};
