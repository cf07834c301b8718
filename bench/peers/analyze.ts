// The one place the peers benchmark touches our pipeline: a file analyzed as POST /api/analyze analyzes it
// (in-process), and the rules' metadata the coverage map reads. Opt-in rules are enabled: a case only reads the
// findings of the rules its peer rule maps to, and an opt-in rule is measured like any other (the report marks it).
import type { RuleMeta } from '../../src/core/rule.ts';
import { analyzeFile } from '../../src/analysis/analyze.ts';
import { ANALYSIS_RULES } from '../../src/analysis/catalogue.ts';
import type { CaseFileType, PeerCase } from './types.ts';

export const OUR_RULES: readonly RuleMeta[] = ANALYSIS_RULES;
const OPT_IN = OUR_RULES.filter((m) => m.optIn).map((m) => m.id);
const FILENAME: Record<CaseFileType, string> = { dockerfile: 'Dockerfile', compose: 'compose.yaml', 'github-workflow': '.github/workflows/test.yaml', 'github-action': 'action.yml' };

export interface Found {
  rule: string;
  line: number;
  message: string;
}

/** Our findings (rule and start line) for one file; suppressed findings are not findings. */
export function analyze(fileType: CaseFileType, content: string, options?: PeerCase['options']): Found[] {
  const report = analyzeFile({ filename: FILENAME[fileType], content, fileType }, { helpBaseUrl: 'http://bench.invalid', enable: OPT_IN, ...(options ? { options } : {}) });
  return report.findings.map((f) => ({ rule: f.rule_id, line: f.location.start_line, message: f.message }));
}
