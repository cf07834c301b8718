// Compose files: src/analyzers/compose/ parses them, src/rules/compose/ checks them.
import type { FileTypeDescriptor } from '../../core/file-type.ts';
import { detectCompose } from '../../analyzers/compose/detect.ts';
import type { ComposeDoc } from '../../analyzers/compose/model.ts';
import { composeAnalyzer } from '../../rules/compose/index.ts';

export const compose: FileTypeDescriptor<ComposeDoc, 'compose'> = {
  id: 'compose',
  title: 'Compose file',
  label: 'Compose file',
  rulesTitle: 'Compose',
  names: [
    'compose.yaml', 'compose.yml', 'compose.*.yaml', 'compose.*.yml',
    'docker-compose.yaml', 'docker-compose.yml', 'docker-compose.*.yaml', 'docker-compose.*.yml',
    '*.compose.yaml', '*.compose.yml',
  ],
  paths: [],
  discovery: 'directory',
  excludedNames: [],
  detect: detectCompose,
  analyzer: composeAnalyzer,
  ruleIdPrefix: 'CGC',
  language: 'yaml',
  equivalentTools: ['dclint', 'kics'],
  pragmas: ['dclint', 'kics'],
};
