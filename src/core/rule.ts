// The rule API. A rule is metadata first (what the catalogue, docs, SARIF and the CLI show), then a small
// pure check over an analyzer's typed document. Messages live in metadata; checks report a message id.
import type { FileRole } from './file-role.ts';
import type { Fix } from './fix.ts';
import type { Category, Range, Severity } from './types.ts';

/** What a rule runs over: a file type's id (one analyzed file; the list is src/analysis/file-types/index.ts),
 * `project` (a whole project) or `scan` (a domain scan). */
export type RuleTarget = string;

/** One file of a multi-file example (project rules). */
export interface ExampleFile {
  filename: string;
  content: string;
}
/** A single-file example analysed with these options of its rule (`rules.options.<rule>` of a request): how a rule
 * whose findings depend on an option shows it. */
export interface ExampleWithOptions {
  content: string;
  options: Readonly<Record<string, RuleOptionValue>>;
}
/** A single-file example is its content (or its content and the rule's options); a project example is a set of files. */
export type RuleExample = string | ExampleFile[] | ExampleWithOptions;

/** A single-file example's content and the options it runs with (none: the defaults); undefined for a project example. */
export function singleFileExample(ex: RuleExample): ExampleWithOptions | undefined {
  if (typeof ex === 'string') return { content: ex, options: {} };
  return Array.isArray(ex) ? undefined : ex;
}

/** How a rule's findings count: `recommended` (the default gate) or `strict` (opt-in rules on, hardening counts as
 * a defect, every finding costs). docs/scoring.md. */
export const PROFILES = ['recommended', 'strict'] as const;
export type Profile = (typeof PROFILES)[number];

/** Tags a rule may carry. `hardening`: a hardening family (healthcheck, limits, no-new-privileges, read-only root,
 * dropped capabilities, USER, pids): raised to high under `strict`. `hygiene`: style and housekeeping. */
export const RULE_TAGS = ['hardening', 'hygiene'] as const;
export type RuleTag = (typeof RULE_TAGS)[number];

/** A rule option's value type. */
export type RuleOptionValue = string | number | boolean | readonly string[];

/** One setting of a rule, declared in its metadata and validated at request time (`rules.options.<rule>.<name>`). */
export type RuleOptionSpec =
  | { type: 'string[]'; description: string; default: readonly string[] }
  | { type: 'string'; description: string; default: string }
  | { type: 'number'; description: string; default: number }
  | { type: 'boolean'; description: string; default: boolean };

export interface RuleMeta {
  /** Stable identifier, never reused: a file type's prefix (its descriptor's `ruleIdPrefix`: `CGD` Dockerfile, `CGC`
   * Compose, `CGW` GitHub Actions workflow, `CGA` GitHub Actions action), `CGP` project or `CGS` scan, + 3 digits. */
  id: string;
  /** Stable kebab-case name, unique within its target. */
  name: string;
  target: RuleTarget;
  title: string;
  /** Why it matters, in a few sentences of Markdown. */
  description: string;
  severity: Severity;
  category: Category;
  /** CWE ids (`CWE-250`); required for security, secrets and supply-chain rules. */
  cwe?: readonly string[];
  references: string[];
  remediation: string;
  /** The same check in other tools: `hadolint:DL3007`, `checkov:CKV_DOCKER_7`, `trivy:DS001`, `kics:<id>`,
   * `buildkit:JSONArgsRecommended`, `dclint:no-version-field`, `zizmor:template-injection`, `actionlint:job-needs`. Suppression pragmas of those tools map through it. */
  equivalents: readonly string[];
  /** Message templates by id; `{{key}}` is replaced with the reported data. A `default` message is required. */
  messages: Record<string, string>;
  examples: { bad: RuleExample[]; good: RuleExample[] };
  /** Off unless a caller enables it (strict checks such as digest pinning). */
  optIn?: boolean;
  tags?: readonly RuleTag[];
  /** What raises or lowers the severity of a finding from `severity` (a rule may report another severity when the
   * file says why), in sentences; rendered in the docs and the catalogue. */
  severityContext?: readonly string[];
  /** The rule's settings, by name (`rules.options.<rule>.<name>` in a request). */
  options?: Readonly<Record<string, RuleOptionSpec>>;
}

export interface Report {
  range: Range;
  messageId?: string;
  data?: Record<string, string | number>;
  /** The file a project finding points into. */
  file?: string;
  /** This finding's severity when the file says it differs from `meta.severity` (see `meta.severityContext`). */
  severity?: Severity;
  /** Edits that resolve this finding (src/core/fix.ts), computed by the check from the document it read: a rule stays
   * pure. Only when the correction needs no guess; `unsafe` when it changes behaviour a human should review. */
  fix?: Fix;
}

export type Reporter = (report: Report) => void;

/** What a check knows besides the document. */
export interface RuleContext {
  /** The analyzed file: its name as submitted (a path for project files and the CLI) and the role that path gives
   * it (src/core/file-role.ts). A project rule's file is the project: path `''`, role `production`; it reads each
   * file's role from that file's name. */
  file: { path: string; role: FileRole };
  /** This rule's options: the request's values over the metadata's defaults, already validated. */
  options: Readonly<Record<string, RuleOptionValue>>;
  profile: Profile;
}

export interface Rule<D> {
  meta: RuleMeta;
  check(doc: D, report: Reporter, ctx: RuleContext): void;
}

/** Templates split once into literal text (even indexes) and placeholder keys (odd indexes). Keyed by the template
 * string, which comes from rule metadata only, so the cache is bounded by the rule set. */
const compiled = new Map<string, readonly string[]>();

function compile(template: string): readonly string[] {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(/\{\{\s*(\w+)\s*\}\}/);
    compiled.set(template, parts);
  }
  return parts;
}

/** Renders a rule message: `{{key}}` placeholders are filled from `data`; unknown keys are left visible. */
export function formatMessage(meta: RuleMeta, messageId: string | undefined, data?: Report['data']): string {
  const template = meta.messages[messageId ?? 'default'] ?? meta.messages['default'] ?? meta.title;
  // Most templates have no placeholder: they are the message.
  if (!template.includes('{{')) return template;
  const parts = compile(template);
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!;
    const value = data?.[key];
    out += (value === undefined ? `{{${key}}}` : String(value)) + parts[i + 1]!;
  }
  return out;
}
