// CGW007: a job container, service container or `docker://` step image without a version.
import { parseImageRef } from '../../analyzers/dockerfile/image.ts';
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str, YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

/** `container: image` or `container: {image: …}`. */
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
      default: 'Image "{{image}}" has no tag, so it means :latest.',
      latest: 'Image "{{image}}" uses the moving tag :latest.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    services:\n      db:\n        image: postgres\n    steps:\n      - run: make test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    services:\n      db:\n        image: postgres:16.4\n    steps:\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    const images: Str[] = [];
    for (const job of doc.jobs) {
      const own = imageOf(job.container);
      if (own) images.push(own);
      if (job.services?.kind === 'map') for (const p of job.services.pairs) images.push(...(imageOf(p.value) ? [imageOf(p.value)!] : []));
    }
    for (const step of doc.steps) {
      const ref = step.uses?.ref;
      if (ref?.kind === 'docker') images.push({ ...step.uses!.str, value: ref.image });
    }
    for (const image of images.sort((a, b) => a.node.start - b.node.start)) {
      const value = image.value.trim();
      // A matrix value or input decides the image at run time.
      if (value === '' || value.includes('${{')) continue;
      const ref = parseImageRef(value);
      if (ref.digest !== undefined) continue;
      if (ref.tag === undefined) report({ range: image.range, data: { image: value } });
      else if (ref.tag === 'latest') report({ range: image.range, messageId: 'latest', data: { image: value } });
    }
  },
};
