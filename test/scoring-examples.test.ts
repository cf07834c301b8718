// The worked examples of docs/scoring.md, executed: each example's files are analyzed (recommended profile) and
// every finding, cost, file score, score, grade and verdict the page states must be what the analysis gives.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analyzeFile, analyzeProject } from '../src/analysis/analyze.ts';
import type { Finding } from '../src/core/types.ts';

const DOC = readFileSync(new URL('../docs/scoring.md', import.meta.url), 'utf8');
const options = { helpBaseUrl: 'http://confgate.test' };

interface Example {
  title: string;
  files: { filename: string; content: string }[];
  findings: string[];
  fileScores: string[];
  score: number;
  grade: string;
  passes: boolean;
}

function examples(): Example[] {
  const sections = DOC.split(/^(?=#{2,3} )/m).filter((s) => s.startsWith('### Example: '));
  return sections.map((section) => {
    const title = section.slice('### Example: '.length, section.indexOf('\n'));
    const files = [...section.matchAll(/^`([^`\n]+)`\n\n```\w*\n([\s\S]*?)\n```$/gm)].map((m) => ({ filename: m[1]!, content: `${m[2]!}\n` }));
    const findings = [...section.matchAll(/^\| (CG[A-Z]\d{3}) ([a-z0-9-]+) \| (?:line (\d+)|([^\s:|]+):(\d+)) \| (\w+) \| (-?\d+) \|$/gm)]
      .map((m) => `${m[1]} ${m[2]} ${m[4] ?? ''}:${m[3] ?? m[5]} ${m[6]} ${Number(m[7])}`);
    const fileScores = [...section.matchAll(/^\| `([^`]+)` \| (\d+) \|$/gm)].map((m) => `${m[1]} ${m[2]}`);
    const verdict = /^Score: \*\*(\d+)\*\* \(([A-F]\+?)\), (passes|fails)\./m.exec(section);
    assert.ok(verdict, `${title}: a "Score: **N** (grade), passes|fails." line`);
    return { title, files, findings, fileScores, score: Number(verdict[1]), grade: verdict[2]!, passes: verdict[3] === 'passes' };
  });
}

const row = (f: Finding, file = f.location.file ?? '') => `${f.rule_id} ${f.rule_name} ${file}:${f.location.start_line} ${f.severity} ${f.score_impact}`;

describe('docs/scoring.md worked examples', () => {
  const all = examples();
  it('two examples of each kind: a Dockerfile, a Compose file, a project; one passes and one fails', () => {
    const kind = (e: Example) => (e.files.length > 1 ? 'project' : e.files[0]!.filename);
    for (const k of ['Dockerfile', 'compose.yaml', 'project']) {
      const of = all.filter((e) => kind(e) === k);
      assert.deepEqual(of.map((e) => e.passes).sort(), [false, true], `${k}: one passing and one failing example`);
    }
  });
  for (const e of all) {
    it(e.title, () => {
      assert.ok(e.findings.length > 0, 'the example lists its findings');
      assert.equal(e.passes, e.score >= 80, 'the verdict follows the default gate');
      if (e.files.length === 1) {
        const report = analyzeFile(e.files[0]!, options);
        assert.deepEqual([...report.findings.map((f) => row(f))].sort(), [...e.findings].sort());
        assert.equal(report.score, e.score);
        assert.equal(report.grade, e.grade);
        assert.equal(report.score, 100 + report.findings.reduce((s, f) => s + f.score_impact, 0));
      } else {
        const report = analyzeProject(e.files, options);
        assert.deepEqual(report.files.map((f) => `${f.filename} ${f.report.score}`).sort(), [...e.fileScores].sort());
        assert.deepEqual(report.project_findings.map((f) => row(f)).sort(), [...e.findings].sort());
        assert.equal(report.score, e.score);
        assert.equal(report.grade, e.grade);
        assert.equal(report.score, Math.min(...report.files.map((f) => f.report.score)) + report.project_findings.reduce((s, f) => s + f.score_impact, 0));
      }
    });
  }
});
