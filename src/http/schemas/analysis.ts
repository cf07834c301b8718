// Request and response schemas of the public analysis API and the rule catalogue.
import { Type } from 'typebox';
import { PROFILES } from '../../core/rule.ts';
import type { Profile } from '../../core/rule.ts';
import { CATEGORIES, SEVERITIES } from '../../core/types.ts';
import type { Severity } from '../../core/types.ts';
import { RULE_TARGETS_TEXT } from '../../analysis/catalogue.ts';
import { ANALYSIS_LIMITS } from '../../analysis/limits.ts';
import { RULE_CONFIG_LIMITS } from '../../analysis/rule-config.ts';
import { reportProperties } from './report.ts';

const Filename = Type.String({ minLength: 1, maxLength: ANALYSIS_LIMITS.maxFilenameLength, description: 'Name of the file; used for type detection and locations, never stored.' });
const Content = Type.String({ description: `Full text of the file, at most ${ANALYSIS_LIMITS.maxFileBytes / 1000} KB (1 KB = 1000 bytes) in UTF-8; empty is a valid file.` });

const ProfileSchema = Type.Unsafe<Profile>({ type: 'string', enum: [...PROFILES] });
const SeveritySchema = Type.Unsafe<Severity>({ type: 'string', enum: [...SEVERITIES] });
const RuleRef = Type.String({ minLength: 1, maxLength: RULE_CONFIG_LIMITS.ruleRef, description: 'A rule id (`CGD001`) or name (`untagged-image`; a name shared by a Dockerfile and a Compose rule names both).' });
const RuleList = (description: string) => Type.Array(RuleRef, { maxItems: RULE_CONFIG_LIMITS.entries, description });
const OptionValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())]);

const profileProperty = {
  profile: Type.Optional({ ...ProfileSchema, description: '`recommended` (default): the default gate fails only blocking defects. `strict`: opt-in rules on, hardening rules count as high, every finding costs (docs/scoring.md).' }),
};

/** The rule configuration a request gives. Checked against the catalogue too: an unknown rule, severity or option is
 * 422 `invalid_request` naming the field. */
const RulesRequest = Type.Object(
  {
    enable: Type.Optional(RuleList('Opt-in rules to run.')),
    disable: Type.Optional(RuleList('Rules not to run (wins over enable).')),
    severity: Type.Optional(Type.Record(Type.String(), SeveritySchema, { maxProperties: RULE_CONFIG_LIMITS.entries, description: 'A severity for every finding of a rule, over the rule\'s and the profile\'s.' })),
    // Option values are checked against the rule's own option types (src/analysis/rule-config.ts), which name them.
    options: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown({ description: 'A string, number, boolean or list of strings, as the option\'s type says.' })), { maxProperties: RULE_CONFIG_LIMITS.entries, description: 'A rule\'s settings by name, as GET /api/rules/{rule_id} lists them under `options`.' })),
  },
  { additionalProperties: false, description: 'Which rules run and how their findings count; every rule by id or name.' },
);

/** At most this many fingerprints in a request's `baseline` (a monorepo's known findings, sent 10 files at a time). */
export const BASELINE_LIMITS = { entries: 5000 } as const;

const Baseline = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: BASELINE_LIMITS.entries,
  description: `Fingerprints of known findings (each finding's \`fingerprint\`), at most ${BASELINE_LIMITS.entries}: those findings move to \`suppressed\` (kind and reason \`baseline\`) and the score is computed without them. Entries that match nothing are ignored.`,
});

const FixRequest = Type.Unsafe<'safe' | 'all'>({ type: 'string', enum: ['safe', 'all'], description: '`safe`: apply the safe fixes and return the corrected file in `fixed`; `all`: the unsafe ones too. Absent: no fixing.' });

const configProperties = { ...profileProperty, rules: Type.Optional(RulesRequest), baseline: Type.Optional(Baseline), fix: Type.Optional(FixRequest) };

/** The corrected file a request with `fix` gets back. */
const Fixed = Type.Object(
  {
    content: Type.String({ description: 'The corrected file (never stored or logged).' }),
    applied: Type.Integer({ minimum: 0, description: 'Fixes applied, over every pass.' }),
    score: Type.Integer({ minimum: 0, maximum: 100, description: 'The score of the corrected file.' }),
    remaining: Type.Integer({ minimum: 0, description: 'Findings left in the corrected file.' }),
  },
  { description: 'Present when the request asked for `fix`.' },
);

export const AnalyzeRequest = Type.Object({
  filename: Filename,
  file_type: Type.String({ description: '`auto` (detect from the name, then the content), or one of the values of GET /api/file-types.' }),
  content: Content,
  ...configProperties,
});

export const AnalyzeProjectRequest = Type.Object({
  files: Type.Array(Type.Object({ filename: Filename, content: Content }), { description: `At most ${ANALYSIS_LIMITS.maxFiles} files, ${ANALYSIS_LIMITS.maxProjectBytes / 1000} KB in all.` }),
  ...configProperties,
});

/** What a report states it used: the profile and the rule configuration, every rule by id. */
const runConfigProperties = {
  profile: { ...ProfileSchema, description: 'The profile the analysis used.' },
  rules: Type.Object(
    {
      enable: Type.Array(Type.String()),
      disable: Type.Array(Type.String()),
      severity: Type.Record(Type.String(), SeveritySchema),
      options: Type.Record(Type.String(), Type.Record(Type.String(), OptionValue), { description: 'Every option of each rule given options, defaults included.' }),
    },
    { description: 'The rule configuration the analysis used, by rule id, sorted: resubmitted with the profile, it reproduces the score.' },
  ),
};

export const DetectionSchema = Type.Object(
  {
    method: Type.Union([Type.Literal('explicit'), Type.Literal('filename'), Type.Literal('content')]),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    reason: Type.String(),
  },
  { $id: 'Detection' },
);

export const FileReportSchema = Type.Object(
  { ...reportProperties, file_type: Type.String(), detection: Type.Ref('Detection'), ...runConfigProperties, fixed: Type.Optional(Fixed) },
  { $id: 'FileReport', description: 'The v1 analysis contract plus the file type and how it was detected.' },
);

export const ProjectReportSchema = Type.Object(
  {
    score: reportProperties.score,
    grade: reportProperties.grade,
    severity: reportProperties.severity,
    summary: reportProperties.summary,
    files: Type.Array(Type.Object({ filename: Type.String(), file_type: Type.String(), detection: Type.Ref('Detection'), report: Type.Ref('Report'), fixed: Type.Optional(Fixed) })),
    project_findings: Type.Array(Type.Ref('Finding'), { description: 'Cross-file findings; each names its file in location.file.' }),
    project_suppressed: Type.Array(Type.Ref('SuppressedFinding'), { description: 'Cross-file findings a pragma in their file or the request\'s `baseline` suppressed; they do not count.' }),
    scoring_version: Type.String(),
    ruleset_version: Type.String(),
    ...runConfigProperties,
  },
  { $id: 'ProjectReport', description: 'Project score: the worst file score, less the project findings (docs/scoring.md).' },
);

const Example = Type.Union([
  Type.String(),
  Type.Array(Type.Object({ filename: Type.String(), content: Type.String() })),
  Type.Object({ content: Type.String(), options: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())])) }, { description: 'A single-file example analysed with these options of the rule.' }),
]);

const ruleSummaryProperties = {
  id: Type.String(),
  name: Type.String(),
  target: Type.String({ description: `${RULE_TARGETS_TEXT}.` }),
  title: Type.String(),
  severity: Type.Union(SEVERITIES.map((s) => Type.Literal(s))),
  category: Type.Union(CATEGORIES.map((c) => Type.Literal(c))),
  opt_in: Type.Boolean({ description: 'Off unless enabled explicitly.' }),
  equivalents: Type.Array(Type.String()),
  help_url: Type.String(),
};

export const RuleSummarySchema = Type.Object(ruleSummaryProperties, { $id: 'RuleSummary' });

export const RuleSchema = Type.Object(
  {
    ...ruleSummaryProperties,
    description: Type.String(),
    cwe: Type.Array(Type.String()),
    references: Type.Array(Type.String()),
    remediation: Type.String(),
    messages: Type.Record(Type.String(), Type.String()),
    examples: Type.Object({ bad: Type.Array(Example), good: Type.Array(Example) }),
    tags: Type.Array(Type.String(), { description: '`hardening` (counted as high under the strict profile) or `hygiene`.' }),
    severity_context: Type.Array(Type.String(), { description: 'What raises or lowers the severity of a finding from `severity`.' }),
    options: Type.Record(Type.String(), Type.Object({
      type: Type.Union([Type.Literal('string[]'), Type.Literal('string'), Type.Literal('number'), Type.Literal('boolean')]),
      description: Type.String(),
      default: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())]),
    }), { description: 'The rule\'s settings by name, given in a request as `rules.options.<rule>.<name>`.' }),
  },
  { $id: 'Rule' },
);

export const analysisSchemas = [DetectionSchema, FileReportSchema, ProjectReportSchema, RuleSummarySchema, RuleSchema];
