// The .dockerignore analyzer: its parser and syntax-error rule. What a .dockerignore means for a build (secrets sent
// into an image, files a Dockerfile copies that it leaves out) needs the Dockerfile beside it: those are project
// rules (src/rules/project/, over the build contexts of src/project/contexts.ts).
import type { FileAnalyzer } from '../../core/analyze.ts';
import type { Rule } from '../../core/rule.ts';
import { parseDockerignore } from '../../analyzers/dockerignore/parse.ts';
import type { DockerignoreDoc } from '../../analyzers/dockerignore/types.ts';
import { rule as syntaxError } from './syntax-error.ts';

export const dockerignoreRules: readonly Rule<DockerignoreDoc>[] = [];

export const dockerignoreAnalyzer: FileAnalyzer<DockerignoreDoc> = {
  parse: parseDockerignore,
  rules: dockerignoreRules,
  syntaxRule: syntaxError,
};
