// The public analyzer page: the form (one file or a project of several; with analyzer.js also drag-and-drop,
// a file picker and in-place results), the CLI and CI snippets, and the privacy note.
import { FILE_TYPES } from '../../analysis/file-types/index.ts';
import { ANALYSIS_LIMITS, kb } from '../../analysis/limits.ts';
import { ACCEPTED_FILE_TYPES } from '../../analysis/submission.ts';
import { PROFILES } from '../../core/rule.ts';
import { html } from '../shared/assets/html.js';
import type { Html } from '../shared/assets/html.js';
import { layout } from '../shared/layout.ts';

/** What reports and the type choice call a file of each type (analyzer.js reads them back from the choice). */
export const FILE_TYPE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(FILE_TYPES.map((t) => [t.id, t.label]));
const TYPE_LABEL: Readonly<Record<string, string>> = { auto: 'Detect automatically', ...FILE_TYPE_LABELS };

export interface FormFile {
  filename: string;
  content: string;
}

/** The form's files (one row each), the type chosen for a single file (projects detect each file's type) and the
 * profile. */
export interface FormValues {
  fileType: string;
  files: FormFile[];
  profile: string;
}

export const EMPTY_FORM: FormValues = { fileType: 'auto', files: [{ filename: 'Dockerfile', content: '' }], profile: 'recommended' };

const PROFILE_LABEL: Readonly<Record<string, string>> = {
  recommended: 'Recommended: fails on blocking defects only',
  strict: 'Strict: hardening gaps fail too, opt-in rules on',
};

function profileOptions(selected: string): Html[] {
  return PROFILES.map((p) => (p === selected ? html`<option value="${p}" selected>${PROFILE_LABEL[p]}</option>` : html`<option value="${p}">${PROFILE_LABEL[p]}</option>`));
}

function typeOptions(selected: string): Html[] {
  return ACCEPTED_FILE_TYPES.map((t) => (t === selected ? html`<option value="${t}" selected>${TYPE_LABEL[t]}</option>` : html`<option value="${t}">${TYPE_LABEL[t]}</option>`));
}

/**
 * One file's fields, as analyzer.js clones them. Without JavaScript several rows post as repeated `filename` and
 * `content` fields; only the first name is required, since an empty extra row is left out rather than refused.
 */
function fileRow(file: FormFile, i: number, values: FormValues, focus: boolean): Html {
  const several = values.files.length > 1;
  const { maxFileBytes, maxFilenameLength } = ANALYSIS_LIMITS;
  return html`<fieldset class="file-row">
      <legend>${several ? `File ${i + 1}` : 'File'}</legend>
      <div class="row-fields">
        <div>
          <label for="filename-${i}">File name</label>
          <input id="filename-${i}" name="filename" type="text"${i === 0 ? html` required` : ''} maxlength="${maxFilenameLength}" value="${file.filename}" spellcheck="false" autocomplete="off"${focus ? html` autofocus` : ''}>
        </div>
        <div>
          <label for="file_type-${i}">Type</label>
          <select id="file_type-${i}" name="file_type"${several ? html` disabled` : ''}>${typeOptions(values.fileType)}</select>
        </div>
      </div>
      <label for="content-${i}">Content</label>
      <textarea id="content-${i}" name="content" rows="14" spellcheck="false" aria-describedby="content-hint"
        placeholder="FROM node:24-alpine&#10;COPY . /app&#10;…">${file.content}</textarea>
      ${i === 0 ? html`<p class="hint" id="content-hint">Up to ${kb(maxFileBytes)} (1 KB = 1000 bytes). The type is detected from the name, then the content.</p>` : ''}
    </fieldset>`;
}

/** `focusLast`: the last row was just added (without JavaScript, by the server), so the cursor goes there. */
function analyzeForm(values: FormValues, error?: string, focusLast = false): Html {
  const { maxFiles, maxFileBytes, maxProjectBytes } = ANALYSIS_LIMITS;
  // The page never offers more rows than a project takes; a crafted post with more gets them cut here, not echoed.
  const files = values.files.slice(0, maxFiles);
  return html`<form id="analyze-form" class="analyze" method="post" action="/analyze"
  data-max-files="${maxFiles}" data-max-file-bytes="${maxFileBytes}" data-max-project-bytes="${maxProjectBytes}">
  <div id="form-errors" class="notice error" role="alert" tabindex="-1"${error ? '' : html` hidden`}>${error ?? ''}</div>
  <div id="files">
    ${files.map((f, i) => fileRow(f, i, values, focusLast && i === files.length - 1))}
  </div>
  <div class="enhanced" hidden>
    <div class="drop" id="drop-zone">
      <p><strong>Drop files here</strong> or <label for="file-picker" class="button secondary picker">choose files</label></p>
      <input id="file-picker" type="file" multiple class="visually-hidden">
    </div>
  </div>
  <p class="hint" id="project-hint">Up to ${maxFiles} files, ${kb(maxFileBytes)} each and ${kb(maxProjectBytes)} together. Several files are analyzed
    as one project, with cross-file checks (Compose <code>build</code> → Dockerfile, <code>env_file</code>, ports, users); each file's type is then detected.</p>
  <noscript><p class="hint">A file whose name and content are both empty is left out.</p></noscript>
  <div class="profile-field">
    <label for="profile">Profile</label>
    <select id="profile" name="profile" aria-describedby="profile-hint">${profileOptions(values.profile)}</select>
    <p class="hint" id="profile-hint">Recommended fails a file only for a defect a reviewer would block a merge for; strict also fails
      missing hardening (healthchecks, limits, a non-root user, dropped capabilities, a read-only root filesystem).</p>
  </div>
  <div class="actions">
    <button type="submit" id="analyze-button">Analyze</button>
    <button type="submit" id="add-file" name="add_file" value="1" class="secondary" formnovalidate aria-describedby="project-hint">Add another file</button>
    <span id="analyze-status" class="muted" role="status"></span>
  </div>
  <p class="hint">Nothing you submit is stored: see <a href="#privacy">privacy</a>.</p>
</form>`;
}

function cliSection(base: string): Html {
  const install = `curl -fsSLO ${base}/static/confgate.py && python3 confgate.py Dockerfile`;
  const github = `name: confgate
on: [push, pull_request]
jobs:
  confgate:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      security-events: write   # to upload SARIF to code scanning
    steps:
      - uses: actions/checkout@v4
      - name: Confgate quality gate
        run: |
          curl -fsSLO ${base}/static/confgate.py
          python3 confgate.py --min-score 80 --sarif confgate.sarif .
      - name: Upload to code scanning
        if: always()   # also when the gate failed (exit 1)
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: confgate.sarif`;
  const gitlab = `confgate:
  image: python:3.12-slim
  script:
    - python3 -c "import urllib.request; urllib.request.urlretrieve('${base}/static/confgate.py', 'confgate.py')"
    - python3 confgate.py --min-score 80 --sarif gl-confgate.sarif .
  artifacts:
    when: always
    paths: [gl-confgate.sarif]`;
  const snippet = (id: string, label: string, text: string) => html`<div class="snippet">
  <div class="snippet-head"><h3 id="${id}-title">${label}</h3>
    <button type="button" class="secondary small" data-copy="${id}" aria-describedby="${id}-status" aria-label="Copy ${label}">Copy</button>
    <span id="${id}-status" class="muted" role="status"></span></div>
  <pre tabindex="0" aria-labelledby="${id}-title"><code id="${id}">${text}</code></pre>
</div>`;
  return html`<section id="cli" aria-labelledby="cli-title">
  <h2 id="cli-title">Gate your builds</h2>
  <p>The command-line client is one Python file with no dependencies. It exits 1 when a score is below <code>--min-score</code>
    (default 80: no high or critical finding passes) and writes SARIF with <code>--sarif</code>.</p>
  ${snippet('install', 'Install and run', install)}
  ${snippet('github', 'GitHub Actions (SARIF to code scanning)', github)}
  ${snippet('gitlab', 'GitLab CI', gitlab)}
</section>`;
}

const PRIVACY = html`<section id="privacy" aria-labelledby="privacy-title">
  <h2 id="privacy-title">Privacy</h2>
  <ul>
    <li><strong>Nothing you submit is stored.</strong> File contents and file names are analyzed in memory and forgotten: they are not
      written to a database, to logs, to error messages or to temporary files.</li>
    <li>The only lasting trace of an analysis is a daily counter by file type, score range and highest severity, with nothing that
      identifies you or your files.</li>
    <li>Technical security logs (time, address, route, status, browser) are kept for 14 days at most.</li>
    <li>This page loads nothing from other sites and sets no cookies.</li>
  </ul>
</section>`;

export function homePage(base: string, values: FormValues = EMPTY_FORM, error?: string, focusLast = false): string {
  return layout({ title: 'Analyze a Dockerfile or Compose file', section: '/', modules: ['analyzer.js'] }, html`
<p class="lead">Paste or drop your files to get a score, the problems found with their exact lines, and how to fix each one.</p>
${analyzeForm(values, error, focusLast)}
<div id="result" class="result-area" tabindex="-1"></div>
${cliSection(base)}
${PRIVACY}`);
}

/** The no-JavaScript result: the report, then the form again with the same files for another try. */
export function resultPage(report: Html, values: FormValues): string {
  return layout({ title: 'Analysis result', section: '/', modules: ['analyzer.js'] }, html`
<div id="result" class="result-area" tabindex="-1">${report}</div>
<p><a href="/">Analyze another file</a></p>
<h2>Edit and analyze again</h2>
${analyzeForm(values)}
${PRIVACY}`);
}

/** The form again, with what went wrong above it and the visitor's input kept. */
export function errorPage(title: string, message: string, values: FormValues): string {
  return layout({ title, section: '/', modules: ['analyzer.js'] }, html`
${analyzeForm(values, message)}
<div id="result" class="result-area" tabindex="-1"></div>`);
}
