// The action analyzer: parser, syntax-error rule and every action rule, sorted by id.
import type { FileAnalyzer } from '../../core/analyze.ts';
import { parseAction } from '../../analyzers/github-action/parse.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import type { GhaRule } from '../github-workflow/support.ts';
import { rule as expressionInjection } from './expression-injection.ts';
import { rule as syntaxError } from './syntax-error.ts';

export const actionSyntaxRule: GhaRule = syntaxError;

export const actionRules: readonly GhaRule[] = [
  expressionInjection,
];

export const actionAnalyzer: FileAnalyzer<GhaDoc> = {
  parse: parseAction,
  rules: actionRules,
  syntaxRule: actionSyntaxRule,
};
