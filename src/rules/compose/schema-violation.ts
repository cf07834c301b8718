// CGC001: keys and value types the Compose Specification does not allow.
import { validateSchema } from '../../analyzers/compose/schema.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC001',
    name: 'schema-violation',
    target: 'compose',
    title: 'Not valid under the Compose Specification',
    description:
      'The file is checked against the Compose Specification JSON Schema. An unknown key (often a typo such as ' +
      '`enviroment`) is rejected by `docker compose`, and a value of the wrong type either fails or is read ' +
      'differently than intended.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses a file that is not valid under its schema, or reads it differently than intended.',
    ],
    category: 'correctness',
    references: ['https://github.com/compose-spec/compose-spec/blob/main/schema/compose-spec.json', 'https://docs.docker.com/reference/compose-file/'],
    remediation: 'Rename or remove the key, or give the value the type the specification expects; custom data goes under `x-` keys.',
    equivalents: ['dclint:invalid-schema'],
    messages: {
      default: '{{path}}: {{detail}}.',
      unknownKey: 'Key "{{key}}" is not allowed in {{path}}.',
      type: '{{path}} must be {{expected}}.',
      required: '{{path}} lacks the required key "{{key}}".',
      enum: '{{path}} must be one of: {{allowed}}.',
      form: '{{path}} does not match any form the Compose Specification allows.',
    },
    examples: {
      bad: ['services:\n  web:\n    image: nginx:1.27\n    enviroment:\n      DEBUG: "1"\n', 'services:\n  web:\n    image: nginx:1.27\n    privileged: [true]\n'],
      good: ['services:\n  web:\n    image: nginx:1.27\n    environment:\n      DEBUG: "1"\nx-notes: anything goes here\n'],
    },
  },
  check(doc, report) {
    if (doc.root) validateSchema(doc.root).forEach(report);
  },
};
