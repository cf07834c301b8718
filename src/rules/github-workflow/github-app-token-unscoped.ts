// CGW039: `actions/create-github-app-token` minting a token with every permission of the app, or for every
// repository of an owner.
import { slug } from '../../analyzers/github-workflow/uses.ts';
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW039',
    name: 'github-app-token-unscoped',
    target: 'github-workflow',
    title: 'GitHub App token with all of the app\'s permissions or repositories',
    description:
      '`actions/create-github-app-token` mints an installation token of a GitHub App. Without a `permission-<name>` ' +
      'input the token holds every permission the app was granted (often `contents: write`, `pull-requests: write`, ' +
      'administration…) where the step needs one; with `owner:` and no `repositories:` it reaches every repository ' +
      'of the installation; with `skip-token-revoke` it stays valid after the job. Anything that reads the token later in the job — an injected script, a compromised ' +
      'action — gets all of it. A real risk, not a defect by itself: medium.',
    severity: 'medium',
    category: 'security',
    cwe: ['CWE-250'],
    references: ['https://github.com/actions/create-github-app-token#inputs', 'https://docs.zizmor.sh/audits/#github-app'],
    remediation: 'Name the permissions the step needs (`permission-contents: read`, `permission-pull-requests: write`) and, with `owner:`, the `repositories:` it needs.',
    equivalents: ['zizmor:github-app'],
    messages: {
      default: 'The app token is minted with every permission of the app: narrow it with permission-<name> inputs.',
      repositories: 'The app token is minted for every repository of owner "{{owner}}": list the repositories it needs.',
      notRevoked: 'skip-token-revoke leaves the app token valid after the job (up to an hour): whatever copied it keeps using it.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/create-github-app-token@v2\n        with:\n          app-id: ${{ vars.APP_ID }}\n          private-key: ${{ secrets.APP_KEY }}\n'],
      good: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/create-github-app-token@v2\n        with:\n          app-id: ${{ vars.APP_ID }}\n          private-key: ${{ secrets.APP_KEY }}\n          permission-contents: read\n'],
    },
  },
  check(doc, report) {
    for (const step of doc.steps) {
      const ref = step.uses?.ref;
      if (ref?.kind !== 'repository' || slug(ref) !== 'actions/create-github-app-token' || ref.path !== '') continue;
      const inputs = step.with?.pairs ?? [];
      if (!inputs.some((p) => p.key.startsWith('permission-'))) report({ range: step.uses!.str.range });
      const owner = getPair(step.with, 'owner');
      // A token asking only for organization permissions (members, organization-*) has no repository to narrow to.
      const perms = inputs.filter((p) => p.key.startsWith('permission-')).map((p) => p.key.slice('permission-'.length));
      const orgOnly = perms.length > 0 && perms.every((p) => p === 'members' || p.startsWith('organization-'));
      if (owner && !orgOnly && !getPair(step.with, 'repositories')) report({ range: owner.keyNode.range, messageId: 'repositories', data: { owner: owner.value.kind === 'scalar' ? String(owner.value.value) : '' } });
      // `skip-token-revoke` true (or decided by an expression) leaves the token valid after the job, up to its hour.
      const skip = getPair(step.with, 'skip-token-revoke');
      const v = skip?.value.kind === 'scalar' ? String(skip.value.value).trim().toLowerCase() : undefined;
      if (skip && v !== undefined && v !== 'false' && v !== '' && v !== 'null') report({ range: skip.keyNode.range, messageId: 'notRevoked' });
    }
  },
};
