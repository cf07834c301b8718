// GitHub Actions workflows: src/analyzers/github-workflow/ parses them, src/rules/github-workflow/ checks them.
import type { FileTypeDescriptor } from '../../core/file-type.ts';
import { detectWorkflow } from '../../analyzers/github-workflow/detect.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import { workflowAnalyzer } from '../../rules/github-workflow/index.ts';

export const githubWorkflow: FileTypeDescriptor<GhaDoc, 'github-workflow'> = {
  id: 'github-workflow',
  title: 'GitHub Actions workflow',
  label: 'GitHub Actions workflow',
  rulesTitle: 'GitHub Actions workflow',
  names: [],
  // Workflows are known by where they live; the CLI sends repository-relative names.
  paths: ['.github/workflows/*.yml', '.github/workflows/*.yaml'],
  discovery: 'directory',
  excludedNames: [],
  detect: detectWorkflow,
  analyzer: workflowAnalyzer,
  ruleIdPrefix: 'CGW',
  language: 'yaml',
  equivalentTools: ['zizmor', 'actionlint', 'checkov'],
  pragmas: ['zizmor'],
};
