// CGD117: `pip install` that leaves its download cache in the image.
import { cacheMountTargets, commandRange, pipCalls, shipsInFinalImage, variableSet } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { insertAfter } from './fix.ts';

/** `python3 -m pip install`: the message names the module form. */
const PYTHON_NAME = /^python/;
/** A cache mount at pip's cache (`/root/.cache/pip`, `$HOME/.cache/pip`) or the whole `.cache` directory. */
const PIP_CACHE = /(^|\/)\.cache(\/pip)?$/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD117',
    name: 'pip-cache-not-disabled',
    target: 'dockerfile',
    title: '`pip install` keeps its cache in the image',
    description:
      'pip stores every downloaded wheel in `~/.cache/pip`; in an image that cache is dead weight (often hundreds ' +
      'of megabytes for scientific stacks). Not reported when `--no-cache-dir` is given, `PIP_NO_CACHE_DIR` is set, ' +
      'a build cache is mounted over the pip cache, or the stage only feeds `COPY --from`.',
    severity: 'low',
    severityContext: [
      'Hygiene: the pip cache costs image size only.',
    ],
    category: 'performance',
    references: [hadolintRef('DL3042'), 'https://pip.pypa.io/en/stable/topics/caching/', 'https://docs.docker.com/build/cache/optimize/#use-cache-mounts'],
    remediation: 'Add `--no-cache-dir`, set `ENV PIP_NO_CACHE_DIR=1`, or use `RUN --mount=type=cache,target=/root/.cache/pip pip install …`.',
    equivalents: ['hadolint:DL3042', 'kics:f2f903fb-b977-461e-98d7-b3e2185c6118'],
    tags: ['hygiene'],
    messages: { default: '`{{command}}` keeps downloaded packages in ~/.cache/pip; add `--no-cache-dir`.' },
    examples: {
      bad: ['FROM python:3.12\nRUN pip install -r requirements.txt\n'],
      good: ['FROM python:3.12\nRUN pip install --no-cache-dir -r requirements.txt\n', 'FROM python:3.12\nRUN --mount=type=cache,target=/root/.cache/pip pip install -r requirements.txt\n'],
    },
  },
  check(doc, report) {
    for (const call of pipCalls(doc, ['install'])) {
      const instr = call.cmd.instruction;
      if (hasOption(call.cmd, '--no-cache-dir') || variableSet(call.cmd, 'PIP_NO_CACHE_DIR') || !shipsInFinalImage(doc, instr)) continue;
      if (cacheMountTargets(instr).some((t) => PIP_CACHE.test(t))) continue;
      report({ range: commandRange(call.cmd, call.sub), data: { command: PYTHON_NAME.test(call.cmd.name) ? `${call.cmd.name} -m pip install` : `${call.cmd.name} install` }, fix: insertAfter(doc, call.sub, ' --no-cache-dir', 'Add --no-cache-dir.') });
    }
  },
};
