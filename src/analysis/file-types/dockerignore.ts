// .dockerignore files (and BuildKit's per-Dockerfile `<name>.dockerignore`): src/analyzers/dockerignore/ parses them
// and matches paths as Docker does; src/rules/dockerignore/ checks their syntax; what they mean for a build is judged
// with the Dockerfile by the project rules (src/project/contexts.ts links them).
import type { FileTypeDescriptor } from '../../core/file-type.ts';
import { detectDockerignore } from '../../analyzers/dockerignore/detect.ts';
import type { DockerignoreDoc } from '../../analyzers/dockerignore/types.ts';
import { dockerignoreAnalyzer } from '../../rules/dockerignore/index.ts';

export const dockerignore: FileTypeDescriptor<DockerignoreDoc, 'dockerignore'> = {
  id: 'dockerignore',
  title: '.dockerignore (also <name>.Dockerfile.dockerignore)',
  label: '.dockerignore',
  rulesTitle: '.dockerignore',
  names: ['.dockerignore', '*.dockerignore'],
  paths: [],
  discovery: 'directory',
  // A Dockerfile's own ignore file (BuildKit reads it instead of the context's), then the context's.
  sentWith: { fileType: 'dockerfile', names: ['{name}.dockerignore', '.dockerignore'] },
  excludedNames: [],
  detect: detectDockerignore,
  analyzer: dockerignoreAnalyzer,
  ruleIdPrefix: 'CGI',
  language: 'text',
  equivalentTools: ['buildkit'],
  pragmas: [],
};
