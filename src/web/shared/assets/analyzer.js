// The analyzer page, enhanced: several files (a project), drag-and-drop and a file picker, limits checked before
// sending, results rendered in place by the same module the server renders with, SARIF and JSON downloads.
// Without this script the form posts its files to /analyze and the server renders the result.
import { html } from './html.js';
import { renderFileReport, renderFixes, renderProjectReport, withFileNames } from './report.js';

const form = document.getElementById('analyze-form');
if (form) enhance(form);

const encoder = new TextEncoder();
const kb = (bytes) => `${bytes / 1000} KB`;

function enhance(form) {
  // The service's limits, as the page states them.
  const limits = {
    get files() { return Number(form.dataset.maxFiles); },
    get fileBytes() { return Number(form.dataset.maxFileBytes); },
    get projectBytes() { return Number(form.dataset.maxProjectBytes); },
  };
  const box = document.getElementById('files');
  const errors = document.getElementById('form-errors');
  const status = document.getElementById('analyze-status');
  const button = document.getElementById('analyze-button');
  const result = document.getElementById('result');
  const drop = document.getElementById('drop-zone');
  const picker = document.getElementById('file-picker');
  const template = box.querySelector('.file-row');
  // Rows the server rendered (a no-JavaScript post with several files) are numbered 0..n-1.
  let nextId = box.querySelectorAll('.file-row').length;
  form.querySelector('.enhanced').hidden = false;

  const rows = () => [...box.querySelectorAll('.file-row')];
  const fieldsOf = (row) => ({ filename: row.querySelector('input'), type: row.querySelector('select'), content: row.querySelector('textarea') });
  // What reports call each file type: the type choice's own labels, which the server writes from its list of types.
  const labels = Object.fromEntries([...fieldsOf(template).type.options].map((o) => [o.value, o.textContent]));

  function showErrors(messages, focus = true) {
    errors.replaceChildren(...messages.map((m) => Object.assign(document.createElement('p'), { textContent: m })));
    errors.hidden = messages.length === 0;
    if (messages.length > 0 && focus) errors.focus();
  }

  function renumber() {
    const all = rows();
    all.forEach((row, i) => {
      row.querySelector('legend').textContent = all.length === 1 ? 'File' : `File ${i + 1}`;
      const { type } = fieldsOf(row);
      // Projects always detect each file's type (the API takes no type per file).
      type.disabled = all.length > 1;
      const remove = row.querySelector('.remove-file');
      if (remove) remove.setAttribute('aria-label', `Remove file ${i + 1}`);
    });
  }

  function removable(row) {
    const remove = Object.assign(document.createElement('button'), { type: 'button', className: 'secondary small remove-file', textContent: 'Remove' });
    remove.addEventListener('click', () => {
      row.remove();
      renumber();
      fieldsOf(rows()[0]).filename.focus();
    });
    row.querySelector('legend').after(remove);
  }

  function addRow(filename = '', content = '') {
    if (rows().length >= limits.files) {
      showErrors([`A project takes at most ${limits.files} files; remove one first.`]);
      return undefined;
    }
    const id = nextId++;
    const row = template.cloneNode(true);
    for (const el of row.querySelectorAll('[id]')) el.id = el.id.replace(/-\d+$/, `-${id}`);
    for (const el of row.querySelectorAll('label[for]')) el.htmlFor = el.htmlFor.replace(/-\d+$/, `-${id}`);
    row.querySelector('.hint')?.remove();
    const fields = fieldsOf(row);
    fields.filename.value = filename;
    fields.content.value = content;
    fields.content.removeAttribute('aria-invalid');
    removable(row);
    box.append(row);
    renumber();
    return row;
  }

  async function addFiles(list) {
    const problems = [];
    for (const file of list) {
      // Refused before reading: a large file would only freeze the text area.
      if (file.size > limits.fileBytes) {
        problems.push(`${file.name} is ${file.size} bytes; the limit is ${kb(limits.fileBytes)} (1 KB = 1000 bytes) per file.`);
        continue;
      }
      const content = await file.text();
      const first = rows()[0];
      const firstFields = fieldsOf(first);
      if (rows().length === 1 && firstFields.content.value === '') {
        firstFields.filename.value = file.name;
        firstFields.content.value = content;
      } else if (!addRow(file.name, content)) {
        return;
      }
    }
    showErrors(problems);
  }

  /** The files as the API takes them, or the reasons they cannot be sent. */
  function collect() {
    const files = rows().map((row) => {
      const f = fieldsOf(row);
      return { filename: f.filename.value.trim(), file_type: f.type.value, content: f.content.value, row };
    });
    const problems = [];
    let total = 0;
    const seen = new Set();
    files.forEach((f, i) => {
      const name = f.filename || `File ${i + 1}`;
      const bytes = encoder.encode(f.content).length;
      total += bytes;
      const invalid = bytes > limits.fileBytes;
      fieldsOf(f.row).content.toggleAttribute('aria-invalid', invalid);
      if (!f.filename) problems.push(`${name} has no name: name it like Dockerfile or compose.yaml, so its type can be detected.`);
      else if (seen.has(f.filename)) problems.push(`Two files are named ${f.filename}; names must be unique in a project.`);
      seen.add(f.filename);
      if (invalid) problems.push(`${name} is ${bytes} bytes; the limit is ${kb(limits.fileBytes)} (1 KB = 1000 bytes) per file.`);
    });
    if (files.length > 1 && total > limits.projectBytes) problems.push(`The files total ${total} bytes; the limit is ${kb(limits.projectBytes)} per project.`);
    return { files, problems };
  }

  function setBusy(busy) {
    button.disabled = busy;
    form.setAttribute('aria-busy', String(busy));
    status.textContent = busy ? 'Analyzing…' : '';
  }

  /** The request for these files: one file alone, several as a project. */
  function requestFor(files) {
    const profile = form.elements.namedItem('profile')?.value ?? 'recommended';
    return files.length === 1
      ? { url: '/api/analyze', body: { filename: files[0].filename, file_type: files[0].file_type, content: files[0].content, profile, fix: 'safe' } }
      : { url: '/api/analyze-project', body: { files: files.map((f) => ({ filename: f.filename, content: f.content })), profile, fix: 'safe' } };
  }

  /** The service's error envelope as a sentence; `files[2]` becomes the file's name. */
  async function failure(res, files) {
    let error;
    try {
      error = (await res.json()).error;
    } catch {
      error = undefined;
    }
    if (!error) return `The service answered ${res.status} ${res.statusText}. Try again in a moment.`;
    const message = withFileNames(String(error.message), files);
    return `${message} (${error.code}; request ${error.request_id})`;
  }

  async function post(request, format) {
    return fetch(format ? `${request.url}?format=${format}` : request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request.body),
    });
  }

  // Files being read (picked or dropped): a submit waits for them, so an Analyze pressed while a large pick is still
  // loading sends every file, not the ones read so far.
  let reading = Promise.resolve();
  const read = (list) => {
    reading = reading.then(() => addFiles(list)).catch(() => showErrors(['A file could not be read; pick it again.']));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    await reading;
    const { files, problems } = collect();
    showErrors(problems);
    if (problems.length > 0) return;
    const request = requestFor(files);
    setBusy(true);
    let res;
    try {
      res = await post(request);
    } catch {
      setBusy(false);
      showErrors(['Could not reach the Confgate service. Check your connection and try again.']);
      return;
    }
    if (!res.ok) {
      const message = await failure(res, files);
      setBusy(false);
      showErrors([message]);
      return;
    }
    const { data } = await res.json();
    setBusy(false);
    const report = files.length === 1 ? renderFileReport(data, files[0].filename, files[0].content, labels) : renderProjectReport(data, files, labels);
    // The safe fixes came with the report (`fix: "safe"`): each file's corrected text, shown as a diff.
    const fixedFiles = files.length === 1
      ? [{ filename: files[0].filename, content: files[0].content, score: data.score, fixed: data.fixed }]
      : data.files.map((f, i) => ({ filename: f.filename, content: files[i].content, score: f.report.score, fixed: f.fixed }));
    result.innerHTML = html`${report}
${renderFixes(fixedFiles)}
<div class="downloads">
  <h3>Download</h3>
  <button type="button" class="secondary" data-download="sarif">SARIF (code scanning)</button>
  <button type="button" class="secondary" data-download="json">JSON report</button>
  <span class="muted" role="status" id="download-status"></span>
</div>`.text;
    result.querySelector('[data-download="json"]').addEventListener('click', () => {
      save(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'confgate-report.json');
    });
    result.querySelector('[data-download="sarif"]').addEventListener('click', async () => {
      const note = document.getElementById('download-status');
      note.textContent = 'Preparing SARIF…';
      try {
        // Nothing is kept on the server, so SARIF is a second analysis of the same files.
        const sarif = await post(request, 'sarif');
        if (!sarif.ok) {
          note.textContent = await failure(sarif, files);
          return;
        }
        save(await sarif.blob(), 'confgate.sarif');
        note.textContent = 'SARIF downloaded.';
      } catch {
        note.textContent = 'Could not reach the Confgate service for the SARIF file.';
      }
    });
    result.querySelector('h2').setAttribute('tabindex', '-1');
    result.querySelector('h2').focus();
  });

  function save(blob, name) {
    const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }

  // Without this script the button posts the form and the server adds the row.
  document.getElementById('add-file').addEventListener('click', (event) => {
    event.preventDefault();
    addRow()?.querySelector('input').focus();
  });
  picker.addEventListener('change', () => {
    read([...picker.files]);
    picker.value = '';
  });
  for (const type of ['dragenter', 'dragover']) {
    drop.addEventListener(type, (event) => {
      event.preventDefault();
      drop.classList.add('over');
    });
  }
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    read([...(event.dataTransfer?.files ?? [])]);
  });
  rows().slice(1).forEach(removable);
  renumber();
}
