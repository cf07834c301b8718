// KICS's cases: each query's test folder — positive*/negative* files, and positive_expected_result.json with the
// line of every result. Each expected result is a positive at its line; each negative file a negative. The
// platform-independent secrets query is read for its Dockerfiles and Compose files only (its other cases are
// Terraform, Kubernetes, CloudFormation…).
import path from 'node:path';
import { filesUnder, read } from './checkouts.ts';
import { KICS_FOLDERS } from './rule-lists.ts';
import type { CaseFileType, Extraction } from './types.ts';

const FOLDERS = KICS_FOLDERS.map(([folder]) => `assets/queries/${folder}`);

/** What we would analyze the file as: a Dockerfile by extension, Compose when YAML with a top-level `services:`
 * (a text test: some of the files are deliberately invalid YAML, duplicate keys included). */
function fileTypeOf(name: string, content: string): CaseFileType | undefined {
  if (/\.dockerfile$|(^|\/)Dockerfile[^/]*$/.test(name)) return 'dockerfile';
  return /\.ya?ml$/.test(name) && /^services\s*:/m.test(content) ? 'compose' : undefined;
}

interface Expected {
  line?: number;
  fileName?: string;
  filename?: string;
}

export function kicsCases(checkout: string): Extraction {
  const out: Extraction = { cases: [], unread: [] };
  for (const folder of FOLDERS) {
    const files = filesUnder(path.join(checkout, folder));
    const queries = new Set(files.filter((f) => f.endsWith('metadata.json')).map((f) => path.posix.dirname(f)));
    for (const query of queries) {
      const dir = `${folder}${query === '.' ? '' : `/${query}`}`;
      const id = (JSON.parse(read(path.join(checkout, dir, 'metadata.json'))) as { id: string }).id;
      const tests = files.filter((f) => f.startsWith(query === '.' ? 'test/' : `${query}/test/`)).map((f) => f.slice(f.indexOf('test/') + 5));
      const expectedFile = tests.find((f) => f === 'positive_expected_result.json');
      const positives = tests.filter((f) => /^positive/.test(f) && f !== expectedFile);
      const expected = expectedFile ? (JSON.parse(read(path.join(checkout, dir, 'test', expectedFile))) as Expected[]) : [];
      const typed = (file: string) => {
        const content = read(path.join(checkout, dir, 'test', file));
        return { content, fileType: fileTypeOf(file, content) };
      };
      for (const e of expected) {
        const file = e.fileName ?? e.filename ?? (positives.length === 1 ? positives[0] : undefined);
        const where = `${dir}/test/${file ?? expectedFile}`;
        if (!file || !positives.includes(file) || typeof e.line !== 'number') {
          out.unread.push({ where, why: 'an expected result without a line or a file it names' });
          continue;
        }
        const { content, fileType } = typed(file);
        if (fileType) out.cases.push({ tool: 'kics', rule: id, expect: 'positive', fileType, content, where, line: e.line });
      }
      for (const file of tests.filter((f) => /^negative/.test(f))) {
        const { content, fileType } = typed(file);
        if (fileType) out.cases.push({ tool: 'kics', rule: id, expect: 'negative', fileType, content, where: `${dir}/test/${file}` });
      }
    }
  }
  return out;
}
