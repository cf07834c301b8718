// Rule documentation rendered from metadata: one page per rule (docs/rules/<ID>.md), an index table
// (docs/rules/README.md), the peer linters' coverage (docs/rules/coverage.md) and the severity review
// (docs/rules/severity-review.md). Pure; `npm run docs:rules` writes the files and a test fails when they are stale.
import type { RuleExample, RuleMeta } from '../core/rule.ts';
import { renderCoverage } from '../rules/coverage/render.ts';
import { renderSeverityReview } from '../rules/coverage/severity-review.ts';
import { RULE_TARGETS } from './catalogue.ts';
import { detectFileType } from './detect.ts';
import { FILE_TYPES } from './file-types/index.ts';

const TARGET_TITLE = new Map(RULE_TARGETS.map((t) => [t.id, t.title]));
const LANGUAGE = new Map<string, string>(FILE_TYPES.map((t) => [t.id, t.language]));

function fence(lang: string, text: string): string {
  const ticks = text.includes('```') ? '````' : '```';
  return `${ticks}${lang}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

function example(ex: RuleExample, lang: string): string {
  if (typeof ex === 'string') return fence(lang, ex);
  if (!Array.isArray(ex)) return `With the options \`${JSON.stringify(ex.options)}\`:\n\n${fence(lang, ex.content)}`;
  // A project example's file is shown in the language of the type the analysis detects for it.
  return ex.map((f) => `\`${f.filename}\`\n\n${fence(LANGUAGE.get(detectFileType(f.filename, f.content)?.fileType ?? '') ?? '', f.content)}`).join('\n\n');
}

export function renderRulePage(m: RuleMeta): string {
  const lang = LANGUAGE.get(m.target) ?? '';
  const rows = [
    ['Id', `\`${m.id}\``],
    ['Name', `\`${m.name}\``],
    ['Applies to', TARGET_TITLE.get(m.target) ?? m.target],
    ['Severity', m.severity],
    ['Category', m.category],
    ...(m.cwe?.length ? [['CWE', m.cwe.map((c) => `[${c}](https://cwe.mitre.org/data/definitions/${c.slice(4)}.html)`).join(', ')]] : []),
    ...(m.optIn ? [['Enabled', 'opt-in (off unless enabled; on under the `strict` profile)']] : []),
    ...(m.tags?.length ? [['Tags', m.tags.map((t) => `\`${t}\``).join(', ') + (m.tags.includes('hardening') ? ' (high under the `strict` profile)' : '')]] : []),
    ...(m.equivalents.length ? [['Same check in', m.equivalents.map((e) => `\`${e}\``).join(', ')]] : []),
  ];
  const parts = [
    `# ${m.id} ${m.name}: ${m.title}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    '',
    m.description.trim(),
    '',
    '## How to fix',
    '',
    m.remediation.trim(),
  ];
  if (m.severityContext?.length) parts.push('', '## Severity in context', '', ...m.severityContext.map((c) => `- ${c}`));
  const options = Object.entries(m.options ?? {});
  if (options.length) {
    parts.push('', '## Options', '', `Given in a request as \`rules.options.${m.id}.<name>\` (or under the rule's name).`, '', '| Name | Type | Default | Meaning |', '|---|---|---|---|');
    for (const [name, o] of options) parts.push(`| \`${name}\` | ${o.type} | \`${JSON.stringify(o.default)}\` | ${o.description.replace(/\|/g, '\\|')} |`);
  }
  if (m.examples.bad.length) parts.push('', '## Reported', '', m.examples.bad.map((e) => example(e, lang)).join('\n\n'));
  if (m.examples.good.length) parts.push('', '## Not reported', '', m.examples.good.map((e) => example(e, lang)).join('\n\n'));
  if (m.references.length) parts.push('', '## References', '', ...m.references.map((r) => `- <${r}>`));
  return `${parts.join('\n')}\n`;
}

export function renderRuleIndex(rules: readonly RuleMeta[]): string {
  const lines = [
    '# Rules',
    '',
    `${rules.length} rules. Generated from rule metadata by \`npm run docs:rules\`; do not edit by hand.`,
    'How the rules of hadolint, BuildKit, Trivy, Checkov, KICS, dclint, zizmor and actionlint map to ours: [coverage.md](coverage.md).',
    '',
  ];
  for (const target of RULE_TARGETS) {
    const group = rules.filter((r) => r.target === target.id);
    if (group.length === 0) continue;
    lines.push(`## ${target.title} (${group.length})`, '', '| Id | Name | Severity | Category | Title | Same check in |', '|---|---|---|---|---|---|');
    for (const r of group) {
      lines.push(`| [${r.id}](${r.id}.md) | ${r.name} | ${r.severity} | ${r.category} | ${r.title.replace(/\|/g, '\\|')} | ${r.equivalents.map((e) => `\`${e}\``).join(' ')} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Every generated file, by path relative to docs/rules/. */
export function renderRuleDocs(rules: readonly RuleMeta[]): Map<string, string> {
  const files = new Map<string, string>([
    ['README.md', renderRuleIndex(rules)],
    ['coverage.md', renderCoverage(rules)],
    ['severity-review.md', renderSeverityReview(rules)],
  ]);
  for (const r of rules) files.set(`${r.id}.md`, renderRulePage(r));
  return files;
}
