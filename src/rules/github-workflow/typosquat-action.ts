// CGW040: a `uses:` one typo away from one of the most-used actions.
import { slug } from '../../analyzers/github-workflow/uses.ts';
import type { GhaRule } from './support.ts';
import { allUses } from './support.ts';

/** Most-used actions (GitHub Marketplace and public workflow usage), as of 2025-11. Bump the date on change. */
export const POPULAR_ACTIONS_DATE = '2025-11';
const POPULAR = [
  'actions/checkout', 'actions/setup-node', 'actions/setup-python', 'actions/setup-go', 'actions/setup-java', 'actions/setup-dotnet',
  'actions/cache', 'actions/upload-artifact', 'actions/download-artifact', 'actions/github-script', 'actions/labeler', 'actions/stale',
  'actions/configure-pages', 'actions/deploy-pages', 'actions/upload-pages-artifact', 'actions/create-github-app-token',
  'docker/login-action', 'docker/build-push-action', 'docker/setup-buildx-action', 'docker/setup-qemu-action', 'docker/metadata-action',
  'github/codeql-action', 'softprops/action-gh-release', 'peaceiris/actions-gh-pages', 'codecov/codecov-action',
  'aws-actions/configure-aws-credentials', 'azure/login', 'google-github-actions/auth', 'hashicorp/setup-terraform',
  'pnpm/action-setup', 'dtolnay/rust-toolchain', 'swatinem/rust-cache', 'peter-evans/create-pull-request',
  'jamesives/github-pages-deploy-action', 'goreleaser/goreleaser-action', 'ruby/setup-ruby', 'astral-sh/setup-uv',
  'pypa/gh-action-pypi-publish', 'gradle/actions', 'dorny/paths-filter', 'shivammathur/setup-php', 'subosito/flutter-action',
];

/** Optimal string alignment distance, capped: 0, 1, or 2 meaning "more". */
function near(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 1) return 2;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return Math.min(d[a.length]![b.length]!, 2);
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW040',
    name: 'typosquat-action',
    target: 'github-workflow',
    title: 'Action name one typo from a popular action',
    description:
      'Attackers register repositories named like popular actions with one character changed (`action/checkout`, ' +
      '`actions/chekout`, `actoins/setup-node`) and wait for a typo. A `uses:` one insertion, deletion, change or ' +
      'swap of two characters away from one of the most-used actions either names no repository — the run breaks — ' +
      'or runs a stranger\'s code with the job\'s token and secrets. Either way a merge blocker: high. The table of ' +
      `popular actions is dated (${POPULAR_ACTIONS_DATE}) and read offline.`,
    severity: 'high',
    category: 'supply-chain',
    cwe: ['CWE-829'],
    references: ['https://docs.github.com/en/actions/reference/security/secure-use#using-third-party-actions'],
    remediation: 'Correct the name to the action meant (and pin it to a full commit SHA).',
    equivalents: ['zizmor:typosquat-uses'],
    messages: { default: 'Action "{{name}}" is one typo from the popular action "{{popular}}": a typo, or a typosquatting repository.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/chekout@v4\n'],
      good: ['on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n'],
    },
  },
  check(doc, report) {
    for (const u of allUses(doc)) {
      if (u.ref.kind !== 'repository') continue;
      const name = slug(u.ref);
      if (POPULAR.includes(name)) continue;
      const popular = POPULAR.find((p) => near(name, p) === 1);
      if (popular) report({ range: u.str.range, data: { name: `${u.ref.owner}/${u.ref.repo}`, popular } });
    }
  },
};
