// CGW053: an action or reusable workflow that the caller's deny list names, or that its allow list does not.
import type { UsesRef } from '../../analyzers/github-workflow/uses.ts';
import { slug } from '../../analyzers/github-workflow/uses.ts';
import type { GhaRule } from './support.ts';
import { allUses, SECURE_USE } from './support.ts';

/** `owner/*`, `owner/repo` (any path in it) or `owner/repo/path`, without case. */
function matches(pattern: string, ref: Extract<UsesRef, { kind: 'repository' }>): boolean {
  const [owner, repo = '*', ...path] = pattern.toLowerCase().replace(/@.*$/, '').split('/');
  if (owner !== ref.owner.toLowerCase()) return false;
  if (repo !== '*' && repo !== ref.repo.toLowerCase()) return false;
  const p = path.join('/');
  return p === '' || p === '*' || p === ref.path.toLowerCase();
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW053',
    name: 'forbidden-action',
    target: 'github-workflow',
    title: 'Action the organisation\'s list forbids',
    description:
      'An organisation may keep a list of the actions it allows (its own and GitHub\'s, say) or of those it bans ' +
      '(a compromised or abandoned one). This rule applies such a list, given as the `allow` or `deny` option: with ' +
      'neither it reports nothing. A `uses:` the policy forbids runs code the organisation decided not to trust: ' +
      'high. Local actions and container images are not matched (as in zizmor).',
    severity: 'high',
    category: 'supply-chain',
    cwe: ['CWE-829'],
    references: [`${SECURE_USE}#using-third-party-actions`, 'https://docs.zizmor.sh/audits/#forbidden-uses'],
    remediation: 'Use an allowed action instead, or have the list changed after a review of the action.',
    equivalents: ['zizmor:forbidden-uses'],
    options: {
      allow: { type: 'string[]', description: 'Repository patterns (`owner/*`, `owner/repo`, `owner/repo/path`) of the only actions allowed; every other one is reported. Empty: no allow list.', default: [] },
      deny: { type: 'string[]', description: 'Repository patterns of forbidden actions (`tj-actions/*`); matching ones are reported. Empty: no deny list.', default: [] },
    },
    messages: {
      default: '{{uses}} is forbidden: the deny list names "{{pattern}}".',
      notAllowed: '{{uses}} is not on the allow list.',
    },
    examples: {
      bad: [{ content: 'on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: tj-actions/changed-files@ed68ef82c095e0d48ec87eccea555d944a631a4c # v46.0.5\n', options: { deny: ['tj-actions/*'] } }],
      good: [{ content: 'on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@08eba0b27e820071cde6df949e0beb9ba4906955 # v4.3.0\n', options: { allow: ['actions/*', 'acme/*'] } }],
    },
  },
  check(doc, report, ctx) {
    const allow = ctx.options['allow'] as readonly string[];
    const deny = ctx.options['deny'] as readonly string[];
    if (allow.length === 0 && deny.length === 0) return;
    for (const { str, ref } of allUses(doc)) {
      if (ref.kind !== 'repository') continue;
      const name = `${slug(ref)}${ref.path ? `/${ref.path}` : ''}`;
      const denied = deny.find((p) => matches(p, ref));
      if (denied) report({ range: str.range, data: { uses: name, pattern: denied } });
      else if (allow.length > 0 && !allow.some((p) => matches(p, ref))) report({ range: str.range, messageId: 'notAllowed', data: { uses: name } });
    }
  },
};
