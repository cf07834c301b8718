// Each peer's rule list (ids and names) read from its checkout, to compare with the coverage map
// (src/rules/coverage/): a peer that added or dropped rules since the recorded commit shows up here.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PeerTool } from '../../src/rules/coverage/types.ts';
import { filesUnder, read } from './checkouts.ts';

export interface ListedRule {
  id: string;
  name: string;
  aliases?: string[];
  group?: string;
}

/** hadolint: the README's rule table (DL rules; the ShellCheck rows are one group). */
function hadolint(dir: string): ListedRule[] {
  const rules: ListedRule[] = [];
  for (const m of read(path.join(dir, 'README.md')).matchAll(/^\| \[(DL\d{4})\]\([^)]*\)\s*\|[^|]*\|\s*(.+?)\s*\|\s*$/gm)) {
    rules.push({ id: m[1]!, name: m[2]! });
  }
  rules.push({ id: 'SC', name: 'ShellCheck checks of RUN scripts (SCxxxx)' });
  return rules;
}

/** BuildKit: the linter's rule set (linter/ruleset.go). */
function buildkit(dir: string): ListedRule[] {
  const text = read(path.join(dir, 'frontend/dockerfile/linter/ruleset.go'));
  return [...text.matchAll(/Name:\s*"(\w+)",\s*Description:\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => ({ id: m[1]!, name: m[2]!.replace(/\\"/g, '"') }));
}

/** trivy-checks: each check's METADATA block (checks/docker/*.rego). */
function trivy(dir: string): ListedRule[] {
  const base = path.join(dir, 'checks/docker');
  const rules: ListedRule[] = [];
  for (const f of filesUnder(base).filter((f) => f.endsWith('.rego') && !f.endsWith('_test.rego') && !f.includes('/'))) {
    const text = read(path.join(base, f));
    const id = /^#\s+id:\s*(DS-?\d+)/m.exec(text)?.[1];
    const title = /^#\s*title:\s*(.+)$/m.exec(text)?.[1]?.trim().replace(/^"(.*)"$/, '$1');
    if (!id || !title) continue;
    const aliases = [...text.matchAll(/^#\s+-\s*(DS\d+)\s*$/gm)].map((m) => m[1]!);
    rules.push({ id, name: title, ...(aliases.length ? { aliases } : {}) });
  }
  return rules.sort((a, b) => a.id.localeCompare(b.id));
}

/** Checkov: the Python checks and the YAML graph checks of checkov/dockerfile/checks. */
function checkov(dir: string): ListedRule[] {
  const base = path.join(dir, 'checkov/dockerfile/checks');
  const rules: ListedRule[] = [];
  for (const f of filesUnder(base)) {
    const text = read(path.join(base, f));
    const m = f.endsWith('.py')
      ? [/\bid\s*=\s*"([^"]+)"/.exec(text)?.[1], /\bname\s*=\s*"([^"]+)"/.exec(text)?.[1]]
      : f.endsWith('.yaml')
        ? [/^\s*id:\s*"?([^"\n]+)"?/m.exec(text)?.[1], /^\s*name:\s*"?([^"\n]+?)"?\s*$/m.exec(text)?.[1]]
        : [];
    if (m[0] && m[1]) rules.push({ id: m[0], name: m[1] });
  }
  return rules.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/** KICS: every query's metadata.json under assets/queries/dockerfile and assets/queries/dockerCompose, and the
 * platform-independent secrets query (the only one under common/), which also reads Dockerfiles and Compose files. */
export const KICS_FOLDERS = [['dockerfile', 'Dockerfile'], ['dockerCompose', 'Compose'], ['common', 'Common']] as const;

function kics(dir: string): ListedRule[] {
  const rules: ListedRule[] = [];
  for (const [folder, group] of KICS_FOLDERS) {
    const base = path.join(dir, 'assets/queries', folder);
    for (const f of filesUnder(base).filter((f) => /^[^/]+\/metadata\.json$/.test(f))) {
      const meta = JSON.parse(read(path.join(base, f))) as { id: string; queryName: string };
      rules.push({ id: meta.id, name: meta.queryName, group });
    }
  }
  return rules;
}

/** dclint: its rules (src/rules/*-rule.ts) and the two checks it always runs first (docs/errors/). */
function dclint(dir: string): ListedRule[] {
  const rules: ListedRule[] = [];
  for (const f of filesUnder(path.join(dir, 'src/rules')).filter((f) => f.endsWith('-rule.ts'))) {
    const text = read(path.join(dir, 'src/rules', f));
    const id = /static readonly name = '([^']+)'/.exec(text)?.[1];
    const name = /description:\s*(['`])(.*?)\1,/.exec(text)?.[2];
    if (id && name) rules.push({ id, name });
  }
  for (const f of filesUnder(path.join(dir, 'docs/errors')).filter((f) => f.endsWith('.md'))) {
    const title = /^#\s*(.+)$/m.exec(read(path.join(dir, 'docs/errors', f)))?.[1] ?? f;
    rules.push({ id: f.slice(0, -3), name: title.trim() });
  }
  return rules;
}

/** zizmor: one `## \`audit\`` heading per audit in docs/audits.md. */
function zizmor(dir: string): ListedRule[] {
  return [...read(path.join(dir, 'docs/audits.md')).matchAll(/^## `([a-z0-9-]+)`/gm)].map((m) => ({ id: m[1]!, name: m[1]! }));
}

/** actionlint: each rule_*.go's name and description, and the parser's syntax-check. */
function actionlint(dir: string): ListedRule[] {
  const rules: ListedRule[] = [{ id: 'syntax-check', name: 'Checks for GitHub Actions workflow syntax' }];
  for (const f of readdirSync(dir).sort().filter((f) => /^rule_[a-z_]+\.go$/.test(f) && !f.endsWith('_test.go'))) {
    const m = /name:\s*"([a-z0-9-]+)",\s*desc:\s*"((?:[^"\\]|\\.)*)"/.exec(read(path.join(dir, f)));
    if (m) rules.push({ id: m[1]!, name: m[2]!.replace(/\\"/g, '"') });
  }
  return rules;
}

const READERS: Record<PeerTool, (dir: string) => ListedRule[]> = { hadolint, buildkit, trivy, checkov, kics, dclint, zizmor, actionlint };

/** The peer's rules as its checkout lists them; undefined when the checkout is absent. */
export function listRules(tool: PeerTool, checkout: string): ListedRule[] | undefined {
  if (!existsSync(checkout)) return undefined;
  return READERS[tool](checkout);
}

