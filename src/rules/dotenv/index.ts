// The .env analyzer: its parser and syntax-error rule. A .env file holds values, which are where secrets belong, so
// no rule judges them; what a .env means for a project (an `env_file` not submitted, a variable Compose interpolates
// that no .env defines) is a project rule (src/rules/project/).
import type { FileAnalyzer } from '../../core/analyze.ts';
import type { Rule } from '../../core/rule.ts';
import { parseDotenv } from '../../analyzers/dotenv/parse.ts';
import type { DotenvDoc } from '../../analyzers/dotenv/types.ts';
import { rule as syntaxError } from './syntax-error.ts';

export const dotenvRules: readonly Rule<DotenvDoc>[] = [];

export const dotenvAnalyzer: FileAnalyzer<DotenvDoc> = {
  parse: parseDotenv,
  rules: dotenvRules,
  syntaxRule: syntaxError,
};
