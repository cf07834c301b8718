// An analysis report as HTML: score and grade, findings grouped by severity, each with its lines from the file
// (line numbers, the exact column range marked), the fix, the ids of the same check in other tools (the rule
// page links them) and a link to the rule page; then each file whole, with a mark beside every line a finding
// starts on. Links join the two both ways (a finding's position to its line, a line's mark to its finding), so it
// works without JavaScript. One module for both sides: the server renders the no-JavaScript result page with it,
// the analyzer page's script renders results in place with it (types in report.d.ts).
import { html, prose } from './html.js';

/** The CI gate's default minimum score (clients/python/confgate.py, docs/cli.md). */
export const DEFAULT_MIN_SCORE = 80;
const CONTEXT_LINES = 2;
const MAX_EXCERPT_LINES = 12;

const capitalize = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Page-wide element ids: the k-th finding of the report, line n of the i-th file (both 0-based k and i). */
const findingId = (k) => `finding-${k + 1}`;
const lineId = (i, n) => `file-${i + 1}-line-${n}`;

/** The file's lines; a final line break does not start another line. */
function splitLines(content) {
  const lines = content.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** One line with the part a finding covers marked; columns are 1-based UTF-16 code units, end exclusive. */
function markedLine(text, lineNo, range) {
  if (lineNo < range.start_line || lineNo > range.end_line) return html`${text}`;
  const from = lineNo === range.start_line ? Math.min(Math.max(range.start_column - 1, 0), text.length) : 0;
  const to = lineNo === range.end_line ? Math.min(Math.max(range.end_column - 1, from), text.length) : text.length;
  // A zero-width range (an insertion point, e.g. "missing here") marks the rest of the line.
  const end = to > from ? to : text.length;
  return html`${text.slice(0, from)}<mark>${text.slice(from, end)}</mark>${text.slice(end)}`;
}

/** The finding's lines with a little context, as a numbered code excerpt. */
function excerpt(lines, range, label) {
  if (!lines || range.start_line < 1 || range.start_line > lines.length) return '';
  const first = Math.max(1, range.start_line - CONTEXT_LINES);
  const last = Math.min(lines.length, range.end_line + CONTEXT_LINES, first + MAX_EXCERPT_LINES - 1);
  const rows = [];
  for (let n = first; n <= last; n++) {
    const hit = n >= range.start_line && n <= range.end_line;
    rows.push(html`<span class="line${hit ? ' hit' : ''}"><span class="ln">${n}</span><span class="text">${markedLine(lines[n - 1] ?? '', n, range)}</span></span>`);
  }
  return html`<pre class="code" tabindex="0" aria-label="${label}, lines ${first} to ${last}; the reported part is highlighted"><code>${rows}</code></pre>`;
}

function where(file, range) {
  const at = range.start_line === range.end_line
    ? `line ${range.start_line}, ${range.end_column - range.start_column > 1 ? `columns ${range.start_column}–${range.end_column - 1}` : `column ${range.start_column}`}`
    : `lines ${range.start_line}–${range.end_line}`;
  return file ? `${file}, ${at}` : capitalize(at);
}

/** The file (index into `sources`) and line a finding starts on, when the page shows that line. */
function lineOf(item, sources) {
  const name = item.finding.location.file ?? item.file;
  const i = sources.findIndex((s) => s.name === name);
  const line = item.finding.location.start_line;
  return i >= 0 && line >= 1 && line <= sources[i].lines.length ? { i, line } : undefined;
}

function findingItem(item, sources) {
  const f = item.finding;
  const file = f.location.file ?? item.file;
  const source = sources.find((s) => s.name === file);
  const at = lineOf(item, sources);
  const position = where(item.showFile ? file : undefined, f.location);
  return html`<li class="finding" id="${item.anchor}">
  <h4><a class="rule-id" href="/rules/${encodeURIComponent(f.rule_id)}">${f.rule_id}</a> ${f.title}</h4>
  <div class="message">${prose(f.message)}</div>
  <p class="where">${at && !item.suppression ? html`<a href="#${lineId(at.i, at.line)}">${position}</a>` : position}</p>
  ${excerpt(source?.lines, f.location, file ?? 'File')}
  <div class="fix"><strong>Fix:</strong> ${prose(f.remediation)}</div>
  ${f.equivalents?.length ? html`<p class="peers">Same check in other tools: ${f.equivalents.map((e, i) => html`${i > 0 ? ', ' : ''}<code>${e}</code>`)}</p>` : ''}
  ${item.suppression ? (item.suppression.kind === 'baseline' ? html`<p class="muted">Suppressed: in the baseline</p>` : html`<p class="muted">Suppressed by <code>${item.suppression.pragma}</code> (line ${item.suppression.line})${item.suppression.reason ? `: ${item.suppression.reason}` : ''}</p>`) : ''}
</li>`;
}

/** One file whole: numbered lines, a mark per finding beside the line it starts on (linked to the finding), the
 * finding's rule and title under that line. Long lines wrap rather than widen the page. */
function sourceView(source, i, items, sources) {
  const byLine = new Map();
  for (const item of items) {
    const at = lineOf(item, sources);
    if (at?.i === i) byLine.set(at.line, [...(byLine.get(at.line) ?? []), item]);
  }
  const rows = source.lines.map((text, index) => {
    const n = index + 1;
    const here = byLine.get(n) ?? [];
    return html`<div class="src-line${here.length ? ' has-finding' : ''}" id="${lineId(i, n)}"><a class="ln" href="#${lineId(i, n)}" aria-label="Line ${n}">${n}</a><span class="gutter">${here.map((item) => {
      const f = item.finding;
      return html`<a class="gmark sev-${f.severity}" href="#${item.anchor}" aria-label="${capitalize(f.severity)} finding ${f.rule_id}: ${f.title}" title="${f.rule_id}: ${f.title}">${f.severity.charAt(0).toUpperCase()}</a>`;
    })}</span><code>${text}</code></div>${here.map((item) => html`<div class="src-note" aria-hidden="true"><span class="badge sev-${item.finding.severity}">${item.finding.severity}</span> <span class="rule-id">${item.finding.rule_id}</span> ${item.finding.title}</div>`)}`;
  });
  const title = `source-${i + 1}-title`;
  return html`<section class="source" aria-labelledby="${title}">
  <h4 id="${title}">${source.name} <span class="muted">(${plural(source.lines.length, 'line')}, ${plural(byLine.size, 'line')} with findings)</span></h4>
  <div class="source-lines">${rows}</div>
</section>`;
}

function severityGroups(items, severities, sources) {
  return severities.map((sev) => {
    const group = items.filter((i) => i.finding.severity === sev);
    if (group.length === 0) return '';
    return html`<section class="sev-group" aria-labelledby="sev-${sev}">
  <h3 id="sev-${sev}"><span class="badge sev-${sev}">${capitalize(sev)}</span> ${plural(group.length, 'finding')}</h3>
  <ol class="findings">${group.map((i) => findingItem(i, sources))}</ol>
</section>`;
  });
}

function scoreCard(r, label) {
  const passes = r.score >= DEFAULT_MIN_SCORE;
  const counts = Object.entries(r.summary).filter(([, n]) => n > 0);
  return html`<div class="scorecard grade-${r.grade.replace('+', 'plus')}">
  <p class="score"><span class="score-value">${r.score}</span><span class="score-max">/100</span></p>
  <p class="grade">Grade <strong>${r.grade}</strong></p>
  <div class="score-detail">
    <p class="scope">${label}</p>
    ${r.profile === 'strict' ? html`<p class="scope">Strict profile: hardening gaps count as high, opt-in rules on.</p>` : ''}
    <ul class="summary">${counts.length === 0 ? html`<li>No findings</li>` : counts.map(([sev, n]) => html`<li><span class="badge sev-${sev}">${n} ${sev}</span></li>`)}</ul>
    <p class="verdict ${passes ? 'pass' : 'fail'}">${passes ? 'Passes' : 'Fails'} the CI gate at its default minimum score of ${DEFAULT_MIN_SCORE}.</p>
  </div>
</div>`;
}

function byPosition(a, b) {
  return (a.file ?? '').localeCompare(b.file ?? '') || a.finding.location.start_line - b.finding.location.start_line || a.finding.location.start_column - b.finding.location.start_column;
}

/** The findings by severity, then each file whole with its findings in place. */
function findingsSection(items, suppressed, severities, sources) {
  items.sort(byPosition).forEach((item, k) => (item.anchor = findingId(k)));
  suppressed.sort(byPosition).forEach((item, k) => (item.anchor = `suppressed-${k + 1}`));
  return html`<h3 class="findings-title">Findings</h3>
${items.length === 0 ? html`<p class="empty">No findings: nothing to fix here.</p>` : severityGroups(items, severities, sources)}
${suppressed.length === 0 ? '' : html`<details class="suppressed">
  <summary>${plural(suppressed.length, 'suppressed finding')}</summary>
  <ol class="findings">${suppressed.map((i) => findingItem(i, sources))}</ol>
</details>`}
<h3 class="files-title">${sources.length === 1 ? 'The file' : 'The files'}, with the findings in place</h3>
${sources.map((source, i) => sourceView(source, i, items, sources))}`;
}

/** `labels`: what to call a file of each type, by `file_type` ("Compose file"). */
function detectionText(fileType, detection, labels) {
  const how = detection.method === 'explicit' ? 'as chosen' : detection.method === 'filename' ? 'from its name' : `from its content (${Math.round(detection.confidence * 100)}% sure)`;
  return `${labels[fileType] ?? fileType}, detected ${how}`;
}

/**
 * A single-file report (the `data` of POST /api/analyze). `content` is the analyzed text: it stays in the
 * page, for the excerpts. `labels` name the file types, by `file_type`.
 */
export function renderFileReport(report, filename, content, labels) {
  const sources = [{ name: filename, lines: splitLines(content) }];
  const severities = Object.keys(report.summary);
  const items = report.findings.map((finding) => ({ finding, file: filename, showFile: false }));
  const suppressed = report.suppressed.map((finding) => ({ finding, file: filename, showFile: false, suppression: finding.suppression }));
  return html`<section class="result" aria-labelledby="result-title">
  <h2 id="result-title">Result for ${filename}</h2>
  ${scoreCard(report, detectionText(report.file_type, report.detection, labels))}
  ${findingsSection(items, suppressed, severities, sources)}
  <p class="versions muted">Ruleset ${report.ruleset_version}, scoring ${report.scoring_version}.</p>
</section>`;
}

/** An error message of POST /api/analyze-project with each `files[i]` (also `files[i].content`, `files[i].filename`) as the file's name. */
export function withFileNames(message, files) {
  return message.replace(/files\[(\d+)\](?:\.content|\.filename)?/g, (whole, i) => files[Number(i)]?.filename ?? whole);
}

/** A project report (the `data` of POST /api/analyze-project); `files` are the submitted files, `labels` name the file types. */
export function renderProjectReport(report, files, labels) {
  const sources = files.map((f) => ({ name: f.filename, lines: splitLines(f.content) }));
  const severities = Object.keys(report.summary);
  const items = [
    ...report.files.flatMap((f) => f.report.findings.map((finding) => ({ finding, file: f.filename, showFile: true }))),
    ...report.project_findings.map((finding) => ({ finding, file: finding.location.file, showFile: true })),
  ];
  const suppressed = [
    ...report.files.flatMap((f) => f.report.suppressed.map((finding) => ({ finding, file: f.filename, showFile: true, suppression: finding.suppression }))),
    ...report.project_suppressed.map((finding) => ({ finding, file: finding.location.file, showFile: true, suppression: finding.suppression })),
  ];
  return html`<section class="result" aria-labelledby="result-title">
  <h2 id="result-title">Result for ${plural(report.files.length, 'file')}</h2>
  ${scoreCard(report, `Project of ${plural(report.files.length, 'file')}, ${plural(report.project_findings.length, 'cross-file finding')}`)}
  <table class="files stack">
    <caption>Each file's own score</caption>
    <thead><tr><th scope="col">File</th><th scope="col">Type</th><th scope="col">Score</th><th scope="col">Grade</th><th scope="col">Findings</th></tr></thead>
    <tbody>${report.files.map((f) => html`<tr><th scope="row">${f.filename}</th><td data-label="Type">${detectionText(f.file_type, f.detection, labels)}</td><td data-label="Score">${f.report.score}</td><td data-label="Grade">${f.report.grade}</td><td data-label="Findings">${f.report.findings.length}</td></tr>`)}</tbody>
  </table>
  ${findingsSection(items, suppressed, severities, sources)}
  <p class="versions muted">Ruleset ${report.ruleset_version}, scoring ${report.scoring_version}.</p>
</section>`;
}

/** The lines of `a` and `b` as a diff: `[' ' | '-' | '+', text]`, common lines kept (a longest common subsequence of
 * what lies between the common first and last lines). */
export function lineDiff(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  // lcs[i][j]: the longest common subsequence of x[i:] and y[j:].
  const lcs = Array.from({ length: x.length + 1 }, () => new Array(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out = a.slice(0, start).map((t) => [' ', t]);
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      out.push([' ', x[i++]]);
      j++;
    } else if (j < y.length && (i === x.length || lcs[i][j + 1] >= lcs[i + 1][j])) out.push(['+', y[j++]]);
    else out.push(['-', x[i++]]);
  }
  return out.concat(a.slice(endA).map((t) => [' ', t]));
}

/** A diff's changed lines with CONTEXT_LINES around them; `…` where unchanged lines are left out. */
function diffView(before, after, name) {
  const diff = lineDiff(splitLines(before), splitLines(after));
  const near = diff.map((_, k) => diff.slice(Math.max(0, k - CONTEXT_LINES), k + CONTEXT_LINES + 1).some(([op]) => op !== ' '));
  const rows = [];
  diff.forEach(([op, text], k) => {
    if (!near[k]) {
      if (k === 0 || near[k - 1]) rows.push(html`<span class="line gap"><span class="text">…</span></span>`);
      return;
    }
    const kind = op === '+' ? ' add' : op === '-' ? ' del' : '';
    const said = op === '+' ? 'added: ' : op === '-' ? 'removed: ' : '';
    rows.push(html`<span class="line${kind}"><span class="op" aria-hidden="true">${op}</span><span class="visually-hidden">${said}</span><span class="text">${text}</span></span>`);
  });
  return html`<pre class="code diff" tabindex="0" aria-label="Changes to ${name}"><code>${rows}</code></pre>`;
}

/**
 * The safe fixes of an analysis asked with `fix: "safe"`: for each file with a fix, a diff view of the corrected
 * file and a link that downloads it (a `data:` URL with `download`: no script, no second request, so the page
 * without JavaScript has it too). `files`: `{ filename, content, score, fixed }` (the submitted text, its score and
 * the API's `fixed`).
 */
export function renderFixes(files) {
  const changed = files.map((f, i) => ({ ...f, i })).filter((f) => f.fixed && f.fixed.applied > 0);
  return html`<section class="fixes" aria-labelledby="fixes-title">
  <h2 id="fixes-title">Safe fixes</h2>
  ${changed.length === 0
    ? html`<p>No safe fix applies${files.length > 1 ? ' to these files' : ''}: what is left needs a human's judgement.</p>`
    : html`<p>Fixes that keep what the file does and need no guess. Review the changes, then download the corrected file.</p>
  ${changed.map((f) => html`<div class="fixed-file">
    <h3>${f.filename}: ${f.fixed.applied} fix${f.fixed.applied === 1 ? '' : 'es'}, score ${f.fixed.score} (was ${f.score}), ${plural(f.fixed.remaining, 'finding')} left</h3>
    ${diffView(f.content, f.fixed.content, f.filename)}
    <a class="button secondary" download="${f.filename.split('/').pop() || 'fixed'}" href="data:application/octet-stream,${encodeURIComponent(f.fixed.content)}">Download fixed ${f.filename}</a>
  </div>`)}`}
</section>`;
}
