// The Dockerfile analyzer: the parser, the syntax-error rule and every Dockerfile rule, sorted by id.
import { parseDockerfile } from '../../analyzers/dockerfile/parse.ts';
import type { DockerfileDoc } from '../../analyzers/dockerfile/types.ts';
import type { FileAnalyzer } from '../../core/analyze.ts';
import type { DockerfileRule } from './support.ts';
import { rule as syntaxError } from './syntax-error.ts';

export const dockerfileSyntaxRule: DockerfileRule = syntaxError;

export const dockerfileRules: readonly DockerfileRule[] = [
].sort((a, b) => a.meta.id.localeCompare(b.meta.id));

export const dockerfileAnalyzer: FileAnalyzer<DockerfileDoc> = {
  fileType: 'dockerfile',
  parse: parseDockerfile,
  rules: dockerfileRules,
  syntaxRule: dockerfileSyntaxRule,
};
