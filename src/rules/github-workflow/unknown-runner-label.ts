// CGW031: a `runs-on:` label that reads as a GitHub-hosted runner but names none: retired, or misspelled.
import { get, getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';

/**
 * GitHub-hosted runner labels, standard and larger (macOS), from GitHub's runner-images README and changelog as of
 * 2025-11. Bump the date when the table changes.
 */
export const RUNNER_LABELS_DATE = '2025-11';
const HOSTED = [
  'ubuntu-latest', 'ubuntu-24.04', 'ubuntu-22.04', 'ubuntu-slim', 'ubuntu-24.04-arm', 'ubuntu-22.04-arm',
  'windows-latest', 'windows-2025', 'windows-2022', 'windows-11-arm',
  'macos-latest', 'macos-26', 'macos-15', 'macos-14', 'macos-15-intel',
  'macos-latest-large', 'macos-26-large', 'macos-15-large', 'macos-14-large', 'macos-13-large',
  'macos-latest-xlarge', 'macos-26-xlarge', 'macos-15-xlarge', 'macos-14-xlarge', 'macos-13-xlarge',
  'macos-13',
];
/** Retired images and when GitHub removed them: jobs asking for them get no runner. */
const RETIRED: Readonly<Record<string, string>> = {
  'ubuntu-16.04': '2021-09', 'ubuntu-18.04': '2023-04', 'ubuntu-20.04': '2025-04',
  'windows-2016': '2022-03', 'windows-2019': '2025-06',
  'macos-10.15': '2022-12', 'macos-11': '2024-06', 'macos-12': '2024-12',
};

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** The OS family of a GitHub-hosted label (`ubuntu`, `windows`, `macos`), or undefined for another label. */
function family(label: string): string | undefined {
  const l = label.toLowerCase();
  if (!HOSTED.includes(l) && !HOSTED.some((h) => l.startsWith(`${h}-`))) return undefined;
  return /^(ubuntu|windows|macos)/.exec(l)?.[1];
}

/** The nodes a `runs-on` label stands for: itself, or the values of the matrix key it is exactly (`${{ matrix.os }}`). */
function expand(n: YNode, job: { node: YNode }): YNode[] {
  const m = n.kind === 'scalar' && typeof n.value === 'string' ? /^\$\{\{\s*matrix\.([\w-]+)\s*\}\}$/.exec(n.value) : null;
  if (!m) return [n];
  const values = getPair(get(get(job.node, 'strategy'), 'matrix'), m[1]!)?.value;
  return values?.kind === 'seq' ? values.items : [];
}

/** The labels of `runs-on` (a label, a list, or `labels:` of a group mapping). */
function labels(runsOn: YNode | undefined): YNode[] {
  const l = runsOn?.kind === 'map' ? get(runsOn, 'labels') : runsOn;
  return l?.kind === 'seq' ? l.items : l ? [l] : [];
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW031',
    name: 'unknown-runner-label',
    target: 'github-workflow',
    title: 'Runner label of a retired or misspelled GitHub-hosted image',
    description:
      'A job runs on a runner that carries every label of its `runs-on:`. A GitHub-hosted image GitHub has retired ' +
      '(`ubuntu-20.04`, `windows-2019`, `macos-12`…) or a misspelled one (`ubuntu-lastest`, `ubuntu-24.4`) matches ' +
      'no runner: the job fails or waits in the queue until it times out, and the workflow never passes. A bug that ' +
      'breaks the run: high. So does an empty label, or a list of two GitHub-hosted images of different systems ' +
      '(`[ubuntu-latest, windows-latest]`: no runner has both; a matrix runs one job per label). Labels of ' +
      'self-hosted runners are yours to choose, so only labels one edit or two from a GitHub-hosted one, or a system ' +
      `and a version alone (\`ubuntu-oldest\`), are reported, from a dated table (${RUNNER_LABELS_DATE}).`,
    severity: 'high',
    category: 'correctness',
    references: [ghDocs('reference/runners/github-hosted-runners'), 'https://github.com/actions/runner-images#available-images'],
    remediation: 'Use a current GitHub-hosted label (`ubuntu-24.04`, `windows-2025`, `macos-15`), or the `-latest` alias when the exact image does not matter.',
    equivalents: ['actionlint:runner-label'],
    messages: {
      default: 'Runner label "{{label}}" is no GitHub-hosted runner; did you mean "{{suggestion}}"?',
      retired: 'Runner label "{{label}}" names a GitHub-hosted image retired in {{when}}: no runner takes the job.',
      unknown: 'Runner label "{{label}}" reads as a GitHub-hosted image, but GitHub has none of that name: no runner takes the job.',
      empty: 'Runner label is empty: no runner has it, and the job never starts.',
      emptyList: 'The runner labels are an empty list: no runner is chosen, and the job never starts.',
      conflict: 'Runner label "{{label}}" and "{{first}}" are GitHub-hosted images of different systems: no runner has both, and the job never starts (a matrix runs one job per label).',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-20.04\n    steps:\n      - run: make\n', 'on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-lastest\n    steps:\n      - run: make\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
    },
  },
  check(doc, report) {
    for (const job of doc.jobs) {
      const items = labels(job.runsOn);
      // Every label of the list is required of one runner: two hosted systems never meet.
      if (items.length > 1) {
        const hosted = (n: YNode) => (n.kind === 'scalar' && typeof n.value === 'string' ? family(n.value) : undefined);
        // The first hosted label written as such; then the other labels, and each value a matrix label takes.
        const fixed = items.find((n) => hosted(n));
        if (fixed) {
          const first = { label: String((fixed as { value: unknown }).value), family: hosted(fixed)! };
          for (const n of items.filter((i) => i !== fixed).flatMap((i) => expand(i, job))) {
            const f = hosted(n);
            if (f && f !== first.family) report({ range: n.range, messageId: 'conflict', data: { label: String((n as { value: unknown }).value), first: first.label } });
          }
        }
      }
      for (const n of items) if (n.kind === 'scalar' && (n.value === null || n.value === '')) report({ range: n.range, messageId: 'empty' });
      if (items.length === 0 && job.runsOn?.kind === 'scalar') report({ range: job.runsOn.range, messageId: 'empty' });
      const list = job.runsOn?.kind === 'map' ? get(job.runsOn, 'labels') : job.runsOn;
      if (list?.kind === 'seq' && list.items.length === 0) report({ range: list.range, messageId: 'emptyList' });
      // A group or a self-hosted pool: its labels are the owner's to choose.
      if (job.runsOn?.kind === 'map' || items.some((n) => n.kind === 'scalar' && String(n.value).toLowerCase() === 'self-hosted')) continue;
      for (const n of items) {
        if (n.kind !== 'scalar' || typeof n.value !== 'string' || n.value.includes('${{')) continue;
        const label = n.value.toLowerCase();
        // A hosted label plus a suffix (`ubuntu-latest-m`, `ubuntu-22.04-4core`) is how larger runners are named.
        if (HOSTED.includes(label) || HOSTED.some((h) => label.startsWith(`${h}-`))) continue;
        const when = RETIRED[label];
        if (when) {
          report({ range: n.range, messageId: 'retired', data: { label: n.value, when } });
          continue;
        }
        let best: { label: string; d: number } | undefined;
        for (const h of HOSTED) {
          const d = distance(label, h);
          if (!best || d < best.d) best = { label: h, d };
        }
        if (best && best.d <= 2 && label.length >= 6) report({ range: n.range, data: { label: n.value, suggestion: best.label } });
        // A system and a version or alias only (`ubuntu-oldest`, `macos-9`): a hosted image's name, not a custom one.
        else if (/^(ubuntu|windows|macos)-(\d[\d.]*|latest|oldest|newest|beta|preview)$/.test(label)) report({ range: n.range, messageId: 'unknown', data: { label: n.value } });
      }
    }
  },
};
