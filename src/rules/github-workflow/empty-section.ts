// CGW082: an empty list or string where GitHub expects values — a filter, a matrix vector, a choice's options, a
// reusable workflow's output value, a container's ports or volumes — and a schedule trigger with no cron.
import { get, getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

/** The lists of an event's settings. */
const EVENT_LISTS = ['types', 'branches', 'branches-ignore', 'tags', 'tags-ignore', 'paths', 'paths-ignore', 'workflows', 'names', 'versions'];

const isEmptyList = (n: YNode | undefined) => n?.kind === 'seq' && n.items.length === 0;
const isEmptyString = (n: YNode | undefined) => n === undefined || (n.kind === 'scalar' && (n.value === null || n.value === ''));

export const rule: GhaRule = {
  meta: {
    id: 'CGW082',
    name: 'empty-section',
    target: 'github-workflow',
    title: 'Empty list or value where GitHub expects one',
    description:
      'GitHub\'s schema lets an empty list or string through where the workflow means values: `branches: []` ' +
      'matches no branch, so the trigger never fires; a matrix key with `[]` or `include: []` defines no job; a ' +
      '`choice` input whose options are `[]` or hold `\'\'` offers nothing to choose; a `workflow_call` output ' +
      'without a `value` returns nothing; an empty port or volume of a container fails when the job starts; and a ' +
      '`schedule` trigger without a `cron` never runs. A leftover of an edit, and the part of the workflow it ' +
      'belongs to silently does nothing: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#onpushpull_requestpull_request_targetpathspaths-ignore`, `${WORKFLOW_SYNTAX}#onschedule`],
    remediation: 'Give the list or value what it was meant to hold, or remove the key.',
    equivalents: ['actionlint:syntax-check'],
    messages: {
      default: '"{{key}}" is an empty list: it holds nothing, so it matches or defines nothing; fill it or remove it.',
      string: '"{{key}}" holds an empty value: write the value or remove the entry.',
      schedule: 'The schedule trigger has no cron: the workflow never runs on a schedule.',
    },
    examples: {
      bad: ['on:\n  push:\n    branches: []\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
      good: ['on:\n  push:\n    branches: [main]\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
    },
  },
  check(doc, report) {
    const list = (n: YNode | undefined, key: string) => {
      if (n && isEmptyList(n)) report({ range: n.range, data: { key } });
    };
    const strings = (n: YNode | undefined, key: string) => {
      if (n?.kind !== 'seq') return;
      for (const item of n.items) if (isEmptyString(item)) report({ range: item.range, messageId: 'string', data: { key } });
    };
    for (const t of doc.on) {
      if (t.name === 'schedule') {
        if (t.config === undefined || isEmptyString(t.config)) report({ range: t.range, messageId: 'schedule' });
        else list(t.config, 'schedule');
        continue;
      }
      if (t.config?.kind !== 'map') continue;
      for (const key of EVENT_LISTS) list(get(t.config, key), `on.${t.name}.${key}`);
      const inputs = get(t.config, 'inputs');
      for (const p of inputs?.kind === 'map' ? inputs.pairs : []) {
        const options = get(p.value, 'options');
        list(options, `inputs.${p.key}.options`);
        strings(options, `inputs.${p.key}.options`);
      }
      const outputs = t.name === 'workflow_call' ? get(t.config, 'outputs') : undefined;
      for (const p of outputs?.kind === 'map' ? outputs.pairs : []) {
        const value = getPair(p.value, 'value');
        if (p.value.kind === 'map' && value && isEmptyString(value.value)) report({ range: value.value.range, messageId: 'string', data: { key: `outputs.${p.key}.value` } });
      }
    }
    for (const job of doc.jobs) {
      list(get(job.node, 'needs'), 'needs');
      const matrix = get(get(job.node, 'strategy'), 'matrix');
      for (const p of matrix?.kind === 'map' ? matrix.pairs : []) list(p.value, `matrix.${p.key}`);
      const services = get(job.node, 'services');
      const containers = [job.container, ...(services?.kind === 'map' ? services.pairs.map((p) => p.value) : [])];
      for (const c of containers) {
        if (c?.kind !== 'map') continue;
        for (const key of ['ports', 'volumes']) {
          list(get(c, key), key);
          strings(get(c, key), key);
        }
      }
    }
  },
};
