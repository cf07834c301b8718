// SARIF 2.1.0 from analysis reports: what code-scanning platforms (GitHub, GitLab, Azure DevOps) ingest.
// The one builder the service uses (`?format=sarif`); clients/python/confgate.py builds the same shape from
// the same data (the report plus GET /api/rules/{id}), and test/cli-sarif.test.ts holds the two in step.
import { contentLines, fingerprint, FINGERPRINT_KEY } from '../core/fingerprint.ts';
import type { RuleMeta } from '../core/rule.ts';
import type { Category, Finding, Grade, Range, Report, Severity, SuppressedFinding } from '../core/types.ts';
import type { ProjectReport, RunConfig } from '../analysis/analyze.ts';

export const SARIF_VERSION = '2.1.0';
export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
export const SARIF_MEDIA_TYPE = 'application/sarif+json';
/**
 * `run.automationDetails.id`: the category "confgate" with no run id (SARIF 3.17.4: the part before the last
 * `/`). Azure DevOps (GitHub Advanced Security) requires the property; GitHub uses it as the analysis category,
 * so alerts of a later upload replace those of an earlier one (its upload action's `category` only fills an
 * absent id).
 */
export const SARIF_AUTOMATION_ID = 'confgate/';

/** The rule metadata SARIF shows: a RuleMeta, or the same fields from GET /api/rules/{id}. */
export type SarifRuleInfo = Pick<RuleMeta, 'id' | 'name' | 'title' | 'description' | 'severity' | 'category' | 'remediation' | 'cwe'> & { target?: RuleMeta['target'] };

export interface SarifOptions {
  /** The service's public base URL (tool.driver.informationUri). */
  informationUri: string;
  rules: (id: string) => SarifRuleInfo | undefined;
}

/** One analyzed file: the name its report uses, the URI to show, and its text (for fingerprints). */
export interface SarifArtifact {
  filename: string;
  uri: string;
  content: string;
}

type Level = 'error' | 'warning' | 'note';
const LEVELS: Record<Severity, Level> = { critical: 'error', high: 'error', medium: 'warning', low: 'note', info: 'note' };
/** GitHub ranks security alerts by this number (critical ≥ 9.0, high ≥ 7.0, medium ≥ 4.0, low > 0). */
const SECURITY_SEVERITY: Partial<Record<Severity, string>> = { critical: '9.5', high: '8.0', medium: '5.5', low: '3.0' };
const SECURITY_CATEGORIES: ReadonlySet<Category> = new Set(['security', 'secrets', 'supply-chain']);

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string; markdown: string };
  helpUri: string;
  help: { text: string; markdown: string };
  defaultConfiguration: { level: Level };
  properties: { tags: string[]; 'security-severity'?: string };
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }[];
  partialFingerprints: Record<string, string>;
  properties: { severity: Severity; category: Category; score_impact: number };
  suppressions?: { kind: 'inSource' | 'external'; justification: string }[];
  fixes?: SarifFix[];
}

/** A finding's fix (src/core/fix.ts) as SARIF's `fix`: one artifact change, its replacements the fix's edits (never
 * empty: GitHub rejects a whole upload for one fix without changes). An insertion is an empty deleted region; a
 * deletion has no inserted content. */
export interface SarifFix {
  description: { text: string };
  artifactChanges: { artifactLocation: { uri: string }; replacements: { deletedRegion: ReturnType<typeof region>; insertedContent?: { text: string } }[] }[];
}

export interface SarifScore {
  scope: 'file' | 'project';
  uris: string[];
  score: number;
  grade: Grade;
}

export interface SarifLog {
  $schema: string;
  version: string;
  runs: [
    {
      tool: { driver: { name: string; fullName: string; version: string; informationUri: string; rules: SarifRule[] } };
      automationDetails: { id: string };
      columnKind: 'utf16CodeUnits';
      results: SarifResult[];
      properties: { ruleset_version: string; scoring_version: string; scores: SarifScore[] } & Partial<RunConfig>;
    },
  ];
}

/** A finding placed in an artifact. */
interface Placed {
  finding: Finding | SuppressedFinding;
  artifact: SarifArtifact;
}

/** One analysis (a file or a project) reduced to what SARIF needs. */
interface Analysis extends Partial<RunConfig> {
  placed: Placed[];
  scores: SarifScore[];
  ruleset_version: string;
  scoring_version: string;
}

/** A relative URI reference for a file name: `/`-separated, each segment percent-encoded (as encodeURIComponent).
 * A name is any JSON string, so it may hold lone surrogates, which encodeURIComponent refuses (URIError): they become
 * U+FFFD first, as a UTF-8 encoder would write them. */
export function artifactUri(filename: string): string {
  return filename.toWellFormed().split('/').map(encodeURIComponent).join('/');
}

function ruleDescriptor(info: SarifRuleInfo, helpUri: string): SarifRule {
  const security = SECURITY_CATEGORIES.has(info.category);
  const cwe = (info.cwe ?? []).map((id) => `external/cwe/${id.toLowerCase()}`);
  // `security` marks the rule as a security query on GitHub; CWE tags in its `external/cwe/cwe-N` form.
  const tags = [...new Set([info.category, ...(info.target ? [info.target] : []), ...(security ? ['security'] : []), ...cwe])];
  const severity = security ? SECURITY_SEVERITY[info.severity] : undefined;
  return {
    id: info.id,
    name: info.name,
    shortDescription: { text: info.title },
    fullDescription: { text: info.description, markdown: info.description },
    helpUri,
    help: { text: info.remediation, markdown: `${info.description}\n\n**Remediation.** ${info.remediation}\n\n[Rule documentation](${helpUri})` },
    defaultConfiguration: { level: LEVELS[info.severity] },
    properties: severity === undefined ? { tags } : { tags, 'security-severity': severity },
  };
}

/** Rule metadata as the finding itself carries it, for an id the catalogue does not know. */
function fromFinding(f: Finding): SarifRuleInfo {
  return { id: f.rule_id, name: f.rule_name, title: f.title, description: f.title, severity: f.severity, category: f.category, remediation: f.remediation, cwe: f.cwe };
}

function region(r: Range) {
  return { startLine: r.start_line, startColumn: r.start_column, endLine: r.end_line, endColumn: r.end_column };
}

function isSuppressed(f: Finding | SuppressedFinding): f is SuppressedFinding {
  return 'suppression' in f;
}

function build(analysis: Analysis, options: SarifOptions): SarifLog {
  const all = analysis.placed;
  // Rules in id order, each described once; its help URL is the one its findings carry.
  const firstOf = new Map<string, Finding>();
  for (const { finding } of all) if (!firstOf.has(finding.rule_id)) firstOf.set(finding.rule_id, finding);
  const ids = [...firstOf.keys()].sort();
  const rules = ids.map((id) => {
    const first = firstOf.get(id)!;
    return ruleDescriptor(options.rules(id) ?? fromFinding(first), first.help_url);
  });
  const index = new Map(ids.map((id, i) => [id, i]));
  const results = all.map(({ finding: f, artifact }): SarifResult => {
    const result: SarifResult = {
      ruleId: f.rule_id,
      ruleIndex: index.get(f.rule_id)!,
      level: LEVELS[f.severity],
      message: { text: f.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: artifact.uri }, region: region(f.location) } }],
      // The finding's own fingerprint (src/core/fingerprint.ts), the one a baseline lists; no secret can be read back
      // from it. A finding without one (a report made elsewhere) is fingerprinted here from its artifact's text.
      partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint ?? fingerprint(f, artifact.filename, contentLines(artifact.content)) },
      properties: { severity: f.severity, category: f.category, score_impact: f.score_impact },
    };
    if (f.fix && f.fix.edits.length > 0) {
      result.fixes = [{
        description: { text: f.fix.description },
        artifactChanges: [{
          artifactLocation: { uri: artifact.uri },
          replacements: f.fix.edits.map((e) => (e.text === '' ? { deletedRegion: region(e) } : { deletedRegion: region(e), insertedContent: { text: e.text } })),
        }],
      }];
    }
    if (isSuppressed(f)) {
      const { kind, reason, pragma } = f.suppression;
      result.suppressions = kind === 'baseline'
        ? [{ kind: 'external', justification: 'In the baseline: a known finding, not gated on.' }]
        : [{ kind: 'inSource', justification: reason ?? `Suppressed in source: ${pragma}` }];
    }
    return result;
  });
  return {
    $schema: SARIF_SCHEMA,
    version: SARIF_VERSION,
    runs: [
      {
        tool: {
          driver: {
            name: 'Confgate',
            // Required by Azure DevOps (GitHub Advanced Security): the name with the versions that made the run.
            fullName: `Confgate ${analysis.ruleset_version} (scoring ${analysis.scoring_version})`,
            version: analysis.ruleset_version,
            informationUri: options.informationUri,
            rules,
          },
        },
        automationDetails: { id: SARIF_AUTOMATION_ID },
        columnKind: 'utf16CodeUnits',
        results,
        properties: {
          ruleset_version: analysis.ruleset_version,
          scoring_version: analysis.scoring_version,
          // The profile and rule configuration the scores were made with, when the report states them.
          ...(analysis.profile === undefined ? {} : { profile: analysis.profile }),
          ...(analysis.rules === undefined ? {} : { rules: analysis.rules }),
          scores: analysis.scores,
        },
      },
    ],
  };
}

function placeFile(report: Report, artifact: SarifArtifact): Placed[] {
  return [...report.findings, ...report.suppressed].map((finding) => ({ finding, artifact }));
}

/** SARIF for one analyzed file (a FileReport states its profile and rules; a bare report does not). */
export function sarifForFile(report: Report & Partial<RunConfig>, artifact: SarifArtifact, options: SarifOptions): SarifLog {
  return build({
    profile: report.profile,
    rules: report.rules,
    placed: placeFile(report, artifact),
    scores: [{ scope: 'file', uris: [artifact.uri], score: report.score, grade: report.grade }],
    ruleset_version: report.ruleset_version,
    scoring_version: report.scoring_version,
  }, options);
}

/** SARIF for a project: each file's findings, then the cross-file findings in the file they name. */
export function sarifForProject(report: ProjectReport, artifacts: readonly SarifArtifact[], options: SarifOptions): SarifLog {
  const byName = new Map(artifacts.map((a) => [a.filename, a]));
  const artifactOf = (filename: string | undefined): SarifArtifact => byName.get(filename ?? '') ?? { filename: filename ?? '', uri: artifactUri(filename ?? ''), content: '' };
  const placed = [
    ...report.files.flatMap((f) => placeFile(f.report, artifactOf(f.filename))),
    ...[...report.project_findings, ...report.project_suppressed].map((finding) => ({ finding, artifact: artifactOf(finding.location.file) })),
  ];
  const uris = report.files.map((f) => artifactOf(f.filename).uri);
  return build({
    profile: report.profile,
    rules: report.rules,
    placed,
    scores: [
      ...report.files.map((f, i): SarifScore => ({ scope: 'file', uris: [uris[i]!], score: f.report.score, grade: f.report.grade })),
      { scope: 'project', uris, score: report.score, grade: report.grade },
    ],
    ruleset_version: report.ruleset_version,
    scoring_version: report.scoring_version,
  }, options);
}
