// CGW007: a job container, service container or `docker://` step image without a version.
import { parseImageRef } from '../../analyzers/dockerfile/image.ts';
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str, YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

/** `container: image` or `container: {image: …}`. */
/** The values a job's matrix gives a key: its own list and what `include:` entries set. */
function matrixValues(job: { node: YNode }, key: string): YNode[] {
  const matrix = get(get(job.node, 'strategy'), 'matrix');
  const own = get(matrix, key);
  const include = get(matrix, 'include');
  return [
    ...(own?.kind === 'seq' ? own.items : []),
    ...(include?.kind === 'seq' ? include.items.flatMap((i) => (get(i, key) ? [get(i, key)!] : [])) : []),
  ];
}

function imageOf(node: YNode | undefined): Str | undefined {
  return node?.kind === 'map' ? str(get(node, 'image')) : str(node);
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW007',
    name: 'image-not-tagged',
    target: 'github-workflow',
    title: 'Container image not pinned to a version',
    description:
      'An image without a tag means `:latest`, which moves: the job runs different software from one run to the next, ' +
      'and a compromised or broken push to the image reaches the runner unannounced. A workflow is CI material, so ' +
      'under the gate policy this is a real risk to fix, not a blocker: medium.',
    severity: 'medium',
    category: 'supply-chain',
    cwe: ['CWE-1357', 'CWE-829'],
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idcontainer`, `${WORKFLOW_SYNTAX}#jobsjob_idservices`],
    remediation: 'Name an explicit version tag (`postgres:16.4`) or pin a digest (`postgres:16.4@sha256:...`).',
    equivalents: ['zizmor:unpinned-images'],
    messages: {
      default: 'Image "{{image}}"{{via}} has no tag, so it means :latest.',
      latest: 'Image "{{image}}"{{via}} uses the moving tag :latest.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    services:\n      db:\n        image: postgres\n    steps:\n      - run: make test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    services:\n      db:\n        image: postgres:16.4\n    steps:\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    const images: (Str & { via?: string })[] = [];
    const add = (image: Str | undefined, job: { node: YNode }) => {
      if (!image) return;
      // `${{ matrix.image }}`: the images the matrix gives, each judged at the expression.
      const m = /^\$\{\{\s*matrix\.([\w-]+)\s*\}\}$/.exec(image.value.trim());
      if (!m) return images.push(image);
      for (const v of matrixValues(job, m[1]!)) {
        if (v.kind === 'scalar' && typeof v.value === 'string' && v.value !== '') images.push({ ...image, value: v.value, via: `matrix.${m[1]}` });
      }
    };
    for (const job of doc.jobs) {
      add(imageOf(job.container), job);
      if (job.services?.kind === 'map') for (const p of job.services.pairs) add(imageOf(p.value), job);
    }
    for (const step of doc.steps) {
      const ref = step.uses?.ref;
      if (ref?.kind === 'docker') images.push({ ...step.uses!.str, value: ref.image });
    }
    const reported = new Set<YNode>();
    for (const image of images.sort((a, b) => a.node.start - b.node.start)) {
      const value = image.value.trim();
      // One finding per place: the first unpinned image a matrix gives it.
      if (reported.has(image.node)) continue;
      // A matrix value or input decides the image at run time.
      if (value === '' || value.includes('${{')) continue;
      const ref = parseImageRef(value);
      if (ref.digest !== undefined) continue;
      const via = image.via ? ` (from ${image.via})` : '';
      if (ref.tag === undefined) report({ range: image.range, data: { image: value, via } });
      else if (ref.tag === 'latest') report({ range: image.range, messageId: 'latest', data: { image: value, via } });
      else continue;
      reported.add(image.node);
    }
  },
};
