// CGC045: a service depends on a service that is only enabled by a profile the dependent does not imply.
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC045',
    name: 'depends-on-profiled-service',
    target: 'compose',
    title: 'Dependency may be disabled by profiles',
    description:
      'A service with `profiles` only exists when one of its profiles is enabled. If a service that can run ' +
      'without those profiles depends on it, `docker compose up` fails with "depends on undefined service" ' +
      'whenever the profile is not enabled.',
    severity: 'medium',
    severityContext: [
      'Fails only when the profile is off: a real bug in that configuration, should fix.',
    ],
    category: 'correctness',
    references: [specUrl('profiles'), 'https://docs.docker.com/compose/how-tos/profiles/'],
    remediation: 'Give the dependent service the same profiles, remove the profiles from the dependency, or mark the dependency `required: false`.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" depends on "{{name}}", which only runs with profile {{profiles}}.' },
    examples: {
      bad: ['services:\n  web:\n    image: example/web:1.0\n    depends_on: [debug]\n  debug:\n    image: example/debug:1.0\n    profiles: [debug]\n'],
      good: ['services:\n  web:\n    image: example/web:1.0\n    profiles: [debug]\n    depends_on: [debug]\n  debug:\n    image: example/debug:1.0\n    profiles: [debug]\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      const dependsOn = get(s.node, 'depends_on');
      for (const dep of s.dependsOn) {
        const target = doc.serviceByName.get(dep.name);
        if (!target || target.profiles.length === 0) continue;
        if (text(get(get(dependsOn, dep.name), 'required')) === 'false') continue;
        // The dependency is there whenever the dependent is only if every profile enabling the dependent enables it too.
        if (s.profiles.length > 0 && s.profiles.every((p) => target.profiles.includes(p))) continue;
        report({ range: dep.range, data: { service: s.name, name: dep.name, profiles: target.profiles.join(' or ') } });
      }
    }
  },
};
