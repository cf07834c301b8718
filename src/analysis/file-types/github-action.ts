// GitHub Actions actions (`action.yml`): src/analyzers/github-action/ parses them into the model workflows share,
// src/rules/github-action/ checks them.
import type { FileTypeDescriptor } from '../../core/file-type.ts';
import { detectAction } from '../../analyzers/github-action/detect.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import { actionAnalyzer } from '../../rules/github-action/index.ts';

export const githubAction: FileTypeDescriptor<GhaDoc, 'github-action'> = {
  id: 'github-action',
  title: 'GitHub Actions action (action.yml)',
  label: 'GitHub Actions action',
  rulesTitle: 'GitHub Actions action',
  names: ['action.yml', 'action.yaml'],
  paths: [],
  discovery: 'directory',
  excludedNames: [],
  detect: detectAction,
  analyzer: actionAnalyzer,
  ruleIdPrefix: 'CGA',
  language: 'yaml',
  equivalentTools: ['zizmor', 'actionlint'],
  pragmas: ['zizmor'],
};
