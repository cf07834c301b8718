// CGC031: top-level `version`.
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { deletePair, yamlFix } from '../yaml-fix.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC031',
    name: 'obsolete-version-field',
    target: 'compose',
    title: 'Obsolete top-level version',
    description:
      'The Compose Specification ignores `version`; Docker Compose v2 warns that it is obsolete. Keeping it ' +
      'suggests a file-format version (and its limits) that no longer applies.',
    severity: 'info',
    severityContext: [
      'Ignored by Compose: a leftover, no effect.',
      'dclint rates it minor.',
    ],
    category: 'maintainability',
    references: [specUrl('version-and-name')],
    remediation: 'Delete the `version:` line.',
    equivalents: ['dclint:no-version-field'],
    tags: ['hygiene'],
    messages: { default: 'The top-level "version" is obsolete and ignored by Compose.' },
    examples: {
      bad: ['version: "3.8"\nservices:\n  web:\n    image: nginx:1.27\n'],
      good: ['services:\n  web:\n    image: nginx:1.27\n'],
    },
  },
  check(doc, report) {
    const version = getPair(doc.root, 'version');
    const del = version && doc.root ? deletePair(doc.pos.text, doc.root, version) : undefined;
    if (version) report({ range: version.keyNode.range, fix: del ? yamlFix(doc.pos.text, 'Remove the obsolete version key.', [del]) : undefined });
  },
};
