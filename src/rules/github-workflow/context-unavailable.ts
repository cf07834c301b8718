// CGW042: a context used where GitHub does not provide it (`secrets` in a job's `if:`, `matrix` in `strategy`,
// `steps` in `runs-on`), or a context name GitHub does not have.
import { walk } from '../../analyzers/github-workflow/expression.ts';
import type { KeyPath } from '../../analyzers/github-workflow/model.ts';
import { allExpressions } from './all-expressions.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';

const CONTEXTS = ['github', 'env', 'vars', 'job', 'jobs', 'steps', 'runner', 'secrets', 'strategy', 'matrix', 'needs', 'inputs'];

// GitHub's table of context availability (contexts reference, "Context availability"), by where the expression is.
const BASE = ['github', 'needs', 'strategy', 'matrix', 'vars', 'inputs'];
const STEP = [...BASE, 'job', 'runner', 'env', 'secrets', 'steps'];
const STEP_IF = STEP.filter((c) => c !== 'secrets');
const CREDENTIALS = [...BASE, 'env', 'secrets'];
const CONTAINER_ENV = [...BASE, 'job', 'runner', 'env', 'secrets'];

/** The contexts available at a key path of a workflow; undefined where the table says nothing (not checked). */
function available(p: KeyPath): readonly string[] | undefined {
  switch (p[0]) {
    case 'run-name':
    case 'concurrency':
      return ['github', 'inputs', 'vars'];
    case 'env':
      return ['github', 'secrets', 'inputs', 'vars'];
    case 'on':
      return p.includes('outputs') ? ['github', 'jobs', 'vars', 'inputs'] : ['github', 'inputs', 'vars'];
    case 'jobs':
      break;
    default:
      return undefined;
  }
  switch (p[2]) {
    case 'if':
      return ['github', 'needs', 'vars', 'inputs'];
    case 'strategy':
      return ['github', 'needs', 'vars', 'inputs'];
    case 'steps':
      return p[4] === 'if' ? STEP_IF : STEP;
    case 'outputs':
      return STEP;
    case 'env':
      return [...BASE, 'secrets'];
    case 'secrets':
      return [...BASE, 'secrets'];
    case 'defaults':
      return [...BASE, 'env'];
    case 'container':
      return p[3] === 'credentials' ? CREDENTIALS : p[3] === 'env' ? CONTAINER_ENV : BASE;
    case 'services':
      return p[4] === 'credentials' ? CREDENTIALS : p[4] === 'env' ? CONTAINER_ENV : BASE;
    case 'environment':
      // The URL is read once the job has run.
      return p[3] === 'url' ? STEP_IF : BASE;
    case 'runs-on':
    case 'name':
    case 'timeout-minutes':
    case 'concurrency':
    case 'continue-on-error':
    case 'with':
      return BASE;
    default:
      return undefined;
  }
}

function where(p: KeyPath): string {
  return p.map((k) => (typeof k === 'number' ? `[${k}]` : k)).join('.').replace(/\.\[/g, '[');
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW042',
    name: 'context-unavailable',
    target: 'github-workflow',
    title: 'Context not available where it is used',
    description:
      'Each place of a workflow that takes an expression gets only some contexts: a job\'s `if:` is decided before ' +
      'the job runs, without `secrets`, `env`, `matrix` or `steps`; `strategy` is read before the matrix exists; ' +
      '`runs-on` before any step. A context used where it is not available, or a name that is no context at all ' +
      '(`secret.TOKEN`), makes GitHub refuse the workflow ("Unrecognized named-value"). A bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/contexts#context-availability')],
    remediation: 'Use a context the place provides: to gate a job on a secret, map it into a step\'s `env:` and test the variable in a step (`if: env.TOKEN != \'\'`), or into a job output of an earlier job.',
    equivalents: ['actionlint:expression'],
    messages: {
      default: 'The "{{context}}" context is not available in {{where}}; GitHub refuses the workflow (available there: {{available}}).',
      unknown: '"{{context}}" is no context; GitHub refuses the workflow (contexts: {{available}}).',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  deploy:\n    if: secrets.DEPLOY_KEY != \'\'\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n'],
      good: ['on: push\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - if: env.DEPLOY_KEY != \'\'\n        run: ./deploy.sh\n        env:\n          DEPLOY_KEY: ${{ secrets.DEPLOY_KEY }}\n'],
    },
  },
  check(doc, report) {
    if (doc.kind !== 'workflow') return;
    for (const e of allExpressions(doc)) {
      const allowed = available(e.path);
      walk(e.expr, (n) => {
        if (n.kind !== 'context') return;
        const name = n.name.toLowerCase();
        if (!CONTEXTS.includes(name)) report({ range: e.rangeOf(n), messageId: 'unknown', data: { context: n.name, available: CONTEXTS.join(', ') } });
        else if (allowed && !allowed.includes(name)) report({ range: e.rangeOf(n), data: { context: n.name, where: where(e.path), available: allowed.join(', ') } });
      });
    }
  },
};
