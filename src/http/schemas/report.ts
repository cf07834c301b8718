// The v1 analysis contract (src/core/types.ts) as JSON Schema, named in the OpenAPI document. Used by the
// analysis API, SARIF output, the CLI and domain scans alike.
import { Type } from 'typebox';
import { CATEGORIES, GRADES, SEVERITIES } from '../../core/types.ts';

const Severity = Type.Union(SEVERITIES.map((s) => Type.Literal(s)));

export const LocationSchema = Type.Object(
  {
    start_line: Type.Integer({ minimum: 1 }),
    start_column: Type.Integer({ minimum: 1 }),
    end_line: Type.Integer({ minimum: 1 }),
    end_column: Type.Integer({ minimum: 1, description: 'Exclusive: one past the last character (UTF-16 code units).' }),
    file: Type.Optional(Type.String({ description: 'The file inside a project.' })),
    url: Type.Optional(Type.String({ description: 'The URL a domain-scan finding is about.' })),
  },
  { $id: 'Location' },
);

export const FixSchema = Type.Object(
  {
    description: Type.String({ description: 'What the fix does.' }),
    safety: Type.Union([Type.Literal('safe'), Type.Literal('unsafe')], { description: '`safe`: the meaning of the file is unchanged and nothing is guessed (applied by `fix: "safe"`). `unsafe`: it changes behaviour a human should review (applied only by `fix: "all"`).' }),
    edits: Type.Array(
      Type.Object({
        start_line: Type.Integer({ minimum: 1 }),
        start_column: Type.Integer({ minimum: 1 }),
        end_line: Type.Integer({ minimum: 1 }),
        end_column: Type.Integer({ minimum: 1, description: 'Exclusive (UTF-16 code units); may be column 1 of the next line when the edit takes a line break.' }),
        text: Type.String({ description: 'Replaces the range: an empty range inserts, an empty text deletes.' }),
      }),
      { minItems: 1, description: 'Positions as a location\'s (1-based, columns in UTF-16 code units, end exclusive), in the analyzed text; the edits of one fix never overlap.' },
    ),
  },
  { $id: 'Fix', description: 'Edits that resolve the finding.' },
);

const findingProperties = {
  rule_id: Type.String({ description: 'Stable rule id, e.g. CGD007.' }),
  rule_name: Type.String(),
  severity: Severity,
  category: Type.Union(CATEGORIES.map((c) => Type.Literal(c))),
  title: Type.String(),
  message: Type.String(),
  location: Type.Ref('Location'),
  remediation: Type.String(),
  help_url: Type.String(),
  score_impact: Type.Integer({ maximum: 0, description: 'Points this finding cost; score = 100 + sum(score_impact).' }),
  equivalents: Type.Array(Type.String(), { description: 'The same check in other tools, e.g. hadolint:DL3007.' }),
  cwe: Type.Optional(Type.Array(Type.String())),
  fix: Type.Optional(Type.Ref('Fix')),
  fingerprint: Type.Optional(Type.String({ pattern: '^[0-9a-f]{32}$', description: 'The finding\'s identity across runs: its rule, its file and a hash of the text it points at, whitespace-normalised (stable when lines move, changed when the text changes; a secret\'s value is masked before hashing). Every finding of file and project analysis carries one; list them in a request\'s `baseline` to suppress known findings. SARIF results carry it in `partialFingerprints` (`confgate/v1`).' })),
};

export const FindingSchema = Type.Object(findingProperties, { $id: 'Finding' });

export const SuppressedFindingSchema = Type.Object(
  {
    ...findingProperties,
    suppression: Type.Object({
      kind: Type.String({ description: 'confgate, hadolint, checkov, trivy, kics, buildkit or dclint (the pragma\'s tool), or baseline (the request\'s `baseline` lists the finding; then pragma and reason are `baseline` and line is the finding\'s).' }),
      pragma: Type.String(),
      line: Type.Integer({ minimum: 1 }),
      reason: Type.Optional(Type.String()),
    }),
  },
  { $id: 'SuppressedFinding' },
);

export const SeverityCountsSchema = Type.Object(
  Object.fromEntries(SEVERITIES.map((s) => [s, Type.Integer({ minimum: 0 })])) as Record<(typeof SEVERITIES)[number], ReturnType<typeof Type.Integer>>,
  { $id: 'SeverityCounts' },
);

export const reportProperties = {
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  grade: Type.Union(GRADES.map((g) => Type.Literal(g))),
  severity: Type.Union([...SEVERITIES, 'none' as const].map((s) => Type.Literal(s)), { description: 'Highest finding severity, or none.' }),
  summary: Type.Ref('SeverityCounts'),
  findings: Type.Array(Type.Ref('Finding')),
  suppressed: Type.Array(Type.Ref('SuppressedFinding')),
  scoring_version: Type.String(),
  ruleset_version: Type.String(),
};

export const ReportSchema = Type.Object(reportProperties, { $id: 'Report', description: 'The v1 analysis contract.' });

export const contractSchemas = [LocationSchema, FixSchema, FindingSchema, SuppressedFindingSchema, SeverityCountsSchema, ReportSchema];
