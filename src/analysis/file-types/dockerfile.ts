// Dockerfiles (and Containerfiles): src/analyzers/dockerfile/ parses them, src/rules/dockerfile/ checks them.
import type { FileTypeDescriptor } from '../../core/file-type.ts';
import { detectDockerfile } from '../../analyzers/dockerfile/detect.ts';
import type { DockerfileDoc } from '../../analyzers/dockerfile/types.ts';
import { dockerfileAnalyzer } from '../../rules/dockerfile/index.ts';

export const dockerfile: FileTypeDescriptor<DockerfileDoc, 'dockerfile'> = {
  id: 'dockerfile',
  title: 'Dockerfile (also Containerfile)',
  label: 'Dockerfile',
  rulesTitle: 'Dockerfile',
  names: ['Dockerfile', 'Dockerfile.*', '*.Dockerfile', 'Containerfile', 'Containerfile.*', '*.Containerfile'],
  paths: [],
  // BuildKit's per-Dockerfile ignore files.
  discovery: 'directory',
  excludedNames: ['*.dockerignore'],
  detect: detectDockerfile,
  analyzer: dockerfileAnalyzer,
  ruleIdPrefix: 'CGD',
  language: 'dockerfile',
  equivalentTools: ['hadolint', 'buildkit', 'trivy', 'checkov', 'kics'],
  pragmas: ['hadolint', 'buildkit', 'trivy', 'checkov', 'kics'],
};
