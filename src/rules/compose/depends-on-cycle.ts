// CGC042: services that (transitively) depend on each other.
import type { Ref, Service } from '../../analyzers/compose/model.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC042',
    name: 'depends-on-cycle',
    target: 'compose',
    title: 'Circular depends_on',
    description:
      '`depends_on` orders startup; a cycle has no valid order, so `docker compose up` refuses the project ' +
      '("dependency cycle detected").',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses a dependency cycle.',
    ],
    category: 'correctness',
    references: [specUrl('services#depends_on')],
    remediation: 'Break the cycle: remove the dependency that is not needed at startup and let that service retry its connection instead.',
    equivalents: [],
    messages: { default: 'depends_on cycle: {{cycle}}.' },
    examples: {
      bad: ['services:\n  a:\n    image: example/a:1.0\n    depends_on: [b]\n  b:\n    image: example/b:1.0\n    depends_on: [a]\n'],
      good: ['services:\n  a:\n    image: example/a:1.0\n    depends_on: [b]\n  b:\n    image: example/b:1.0\n'],
    },
  },
  check(doc, report) {
    // Depth-first search; each cycle is reported once, at the dependency that closes it.
    const state = new Map<Service, 'active' | 'done'>();
    const path: Service[] = [];
    const visit = (s: Service): void => {
      state.set(s, 'active');
      path.push(s);
      for (const dep of s.dependsOn) {
        const target = doc.serviceByName.get(dep.name);
        if (!target) continue;
        if (state.get(target) === 'active') reportCycle(path.slice(path.indexOf(target)), target, dep);
        else if (!state.has(target)) visit(target);
      }
      path.pop();
      state.set(s, 'done');
    };
    const reportCycle = (cycle: Service[], back: Service, at: Ref): void => {
      report({ range: at.range, data: { cycle: [...cycle, back].map((c) => c.name).join(' -> ') } });
    };
    for (const s of doc.services) if (!state.has(s)) visit(s);
  },
};
