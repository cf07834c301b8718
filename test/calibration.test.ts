// The calibration corpus's committed labels and the bench's comparison helpers (bench/calibration/). Needs no
// corpus: the files themselves are read only by `npm run bench -- calibration`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agreement, covers, gate, isFound, recall, ruleFiring } from '../bench/calibration/compare.ts';
import type { Outcome } from '../bench/calibration/compare.ts';
import { conceptRules, corpusProblems, loadConcepts, loadCorpus, memberPath } from '../bench/calibration/corpus.ts';
import type { Concepts, Corpus, FileLabel } from '../bench/calibration/corpus.ts';
import type { Finding } from '../src/core/types.ts';
import { optionValue } from '../bench/options.ts';
import { ANALYSIS_RULES } from '../src/analysis/catalogue.ts';

const ruleIds = new Set(ANALYSIS_RULES.map((r) => r.id));
const concepts: Concepts = { concepts: { 'image-unversioned': { description: 'x', rules: ['CGD001'] }, privileged: { description: 'y', rules: ['CGC003'] } } };
const sha = 'a'.repeat(64);
const commit = 'b'.repeat(40);

function file(path: string, over: Partial<FileLabel> = {}): FileLabel {
  return { repo: 'o/r', commit, path, sha256: sha, type: 'dockerfile', verdict: 'pass', reason: 'fine', must_find: [], ...over };
}

function corpus(over: Partial<Corpus> = {}): Corpus {
  return { about: '', version: 1, repositories: [{ repo: 'o/r', commit }], files: [file('Dockerfile'), file('app/compose.yaml', { type: 'compose' })], projects: [], ...over };
}

describe('committed calibration labels', () => {
  it('are valid: known concepts, consistent verdicts, projects of labelled files, concepts mapped to existing rules', () => {
    assert.deepEqual(corpusProblems(loadCorpus(), loadConcepts(), ruleIds), []);
  });

  it('hold at least 300 files, 30 projects and 20 repositories, no repository above 16 % of the files', () => {
    const c = loadCorpus();
    assert.ok(c.files.length >= 300 && c.projects.length >= 30 && c.repositories.length >= 20);
    for (const { repo } of c.repositories) assert.ok(c.files.filter((f) => f.repo === repo).length <= 0.16 * c.files.length, repo);
  });
});

describe('corpusProblems', () => {
  const cases: [string, Corpus, (f: FileLabel) => number, RegExp][] = [
    ['a fail label without must-finds', corpus({ files: [file('Dockerfile', { verdict: 'fail' })] }), () => 10, /"fail" label needs at least one must-find/],
    ['a pass label with a must-find', corpus({ files: [file('Dockerfile', { must_find: [{ line: 1, concept: 'privileged' }] })] }), () => 10, /"pass" label none/],
    ['an unknown concept', corpus({ files: [file('Dockerfile', { verdict: 'fail', must_find: [{ line: 1, concept: 'bad-vibes' }] })] }), () => 10, /unknown concept "bad-vibes"/],
    ['a line past the end of the file', corpus({ files: [file('Dockerfile', { verdict: 'fail', must_find: [{ line: 11, concept: 'privileged' }] })] }), () => 10, /line 11 is not a line of the file/],
    ['a commit that is not the repository\'s', corpus({ files: [file('Dockerfile', { commit: 'c'.repeat(40) })] }), () => 10, /commit differs/],
    ['a project member that is not labelled', corpus({ projects: [{ name: 'p', repo: 'o/r', root: 'app', files: ['compose.yaml', 'Dockerfile'], verdict: 'pass', reason: 'r', must_find: [] }] }), () => 10, /member Dockerfile is not a labelled file/],
    ['a project must-find outside its members', corpus({ projects: [{ name: 'p', repo: 'o/r', root: 'app', files: ['compose.yaml'], verdict: 'fail', reason: 'r', must_find: [{ file: 'other.yaml', line: 1, concept: 'privileged' }] }] }), () => 10, /must-find file other.yaml is not a member/],
    ['a project larger than one API request', corpus({ projects: [{ name: 'p', repo: 'o/r', root: '.', files: Array.from({ length: 11 }, (_, i) => `f${i}`), verdict: 'pass', reason: 'r', must_find: [] }] }), () => 10, /needs 1 to 10 files/],
  ];
  for (const [name, c, lines, message] of cases) {
    it(`reports ${name}`, () => {
      const problems = corpusProblems(c, concepts, ruleIds, lines);
      assert.ok(problems.some((p) => message.test(p)), problems.join('\n'));
    });
  }

  it('reports a concept mapped to a rule id that does not exist', () => {
    const bad: Concepts = { concepts: { ...concepts.concepts, ghost: { description: 'z', rules: ['CGD999'] } } };
    assert.deepEqual(corpusProblems(corpus(), bad, ruleIds), ['concept ghost: unknown rule id CGD999']);
  });

  it('accepts a project whose members are labelled under its root', () => {
    const c = corpus({ projects: [{ name: 'p', repo: 'o/r', root: 'app', files: ['compose.yaml', '../Dockerfile'], verdict: 'pass', reason: 'r', must_find: [] }] });
    assert.deepEqual(corpusProblems(c, concepts, ruleIds, () => 10), []);
    assert.equal(memberPath({ root: 'app' }, '../Dockerfile'), 'Dockerfile');
  });
});

function finding(rule_id: string, start_line: number, end_line = start_line, score_impact = -8, severity: Finding['severity'] = 'medium'): Finding {
  return { rule_id, rule_name: rule_id, severity, category: 'security', title: '', message: '', location: { start_line, start_column: 1, end_line, end_column: 2 }, remediation: '', help_url: '', score_impact, equivalents: [] };
}

describe('comparison helpers', () => {
  const byConcept = conceptRules(concepts);

  it('gate: a score at the minimum passes, one below fails', () => {
    assert.equal(gate(80), 'pass');
    assert.equal(gate(79), 'fail');
    assert.equal(gate(49, 50), 'fail');
  });

  it('a must-find is found by a mapped rule whose range covers its line, not by another rule or line', () => {
    assert.ok(covers(finding('CGC003', 4, 6), 5));
    assert.ok(isFound({ line: 5, concept: 'privileged' }, [finding('CGC003', 4, 6)], byConcept));
    assert.ok(!isFound({ line: 5, concept: 'privileged' }, [finding('CGD001', 5)], byConcept));
    assert.ok(!isFound({ line: 7, concept: 'privileged' }, [finding('CGC003', 4, 6)], byConcept));
    assert.ok(!isFound({ line: 5, concept: 'unknown' }, [finding('CGC003', 5)], byConcept));
  });

  const outcomes: Outcome[] = [
    { id: 'a', type: 'compose', label: 'pass', ours: 'fail', score: 60, findings: [finding('CGC013', 2, 2, -8), finding('CGC013', 9, 9, -4), finding('CGC028', 2, 2, -3, 'low')], must: [] },
    { id: 'b', type: 'compose', label: 'fail', ours: 'fail', score: 20, findings: [finding('CGC003', 3, 3, -40, 'critical')], must: [{ must: { line: 3, concept: 'privileged' }, found: true }] },
    { id: 'c', type: 'dockerfile', label: 'fail', ours: 'pass', score: 90, findings: [], must: [{ must: { line: 1, concept: 'image-unversioned' }, found: false }] },
    { id: 'd', type: 'dockerfile', label: 'pass', ours: 'pass', score: 97, findings: [finding('CGD131', 1, 1, -3, 'low')], must: [] },
  ];

  it('agreement counts each direction and the shares passing', () => {
    assert.deepEqual(agreement(outcomes), { labelledFail: 2, failed: 1, labelledPass: 2, passed: 1, failAgreement: 0.5, passAgreement: 0.5, oursPassing: 0.5, labelledPassing: 0.5 });
    assert.equal(agreement([]).failAgreement, null);
  });

  it('recall counts must-finds by concept', () => {
    assert.deepEqual(recall(outcomes), { total: 2, found: 1, recall: 0.5, byConcept: { privileged: { total: 1, found: 1 }, 'image-unversioned': { total: 1, found: 0 } } });
  });

  it('ruleFiring counts items once per rule and blames wrong fails on the rules that cost points, the costliest as primary', () => {
    const r = ruleFiring(outcomes);
    assert.deepEqual(r.get('CGC013'), { items: 1, byType: { compose: 1 }, severities: { medium: 2 }, wrongFails: 1, wrongFailsPrimary: 1, wrongFailPoints: 12 });
    assert.deepEqual(r.get('CGC028'), { items: 1, byType: { compose: 1 }, severities: { low: 1 }, wrongFails: 1, wrongFailsPrimary: 0, wrongFailPoints: 3 });
    assert.equal(r.get('CGC003')?.wrongFails, 0);
    assert.equal(r.get('CGD131')?.items, 1);
  });
});

describe('bench options', () => {
  it('reads --name VALUE and --name=VALUE, and nothing when absent', () => {
    assert.equal(optionValue('corpus', ['node', 'run.ts', 'calibration', '--corpus', '/c']), '/c');
    assert.equal(optionValue('corpus', ['node', 'run.ts', '--corpus=/d', 'calibration']), '/d');
    assert.equal(optionValue('corpus', ['node', 'run.ts', '--corpusx=/e']), undefined);
  });
});
