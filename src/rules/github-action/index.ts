// The action analyzer: parser, syntax-error rule and every action rule, sorted by id. Most are the workflow rules'
// checks over a composite action's steps, with their own ids and examples.
import type { FileAnalyzer } from '../../core/analyze.ts';
import { parseAction } from '../../analyzers/github-action/parse.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import type { GhaRule } from '../github-workflow/support.ts';
import { rule as expressionInjection } from './expression-injection.ts';
import { rule as actionUnpinned } from './action-unpinned.ts';
import { rule as actionPinnedByTag } from './action-pinned-by-tag.ts';
import { rule as githubActionPinnedByTag } from './github-action-pinned-by-tag.ts';
import { rule as compromisedAction } from './compromised-action.ts';
import { rule as deprecatedWorkflowCommand } from './deprecated-workflow-command.ts';
import { rule as duplicateStepId } from './duplicate-step-id.ts';
import { rule as runStepWithoutShell } from './run-step-without-shell.ts';
import { rule as syntaxError } from './syntax-error.ts';

export const actionSyntaxRule: GhaRule = syntaxError;

export const actionRules: readonly GhaRule[] = [
  expressionInjection,
  actionUnpinned,
  actionPinnedByTag,
  githubActionPinnedByTag,
  compromisedAction,
  deprecatedWorkflowCommand,
  duplicateStepId,
  runStepWithoutShell,
];

export const actionAnalyzer: FileAnalyzer<GhaDoc> = {
  parse: parseAction,
  rules: actionRules,
  syntaxRule: actionSyntaxRule,
};
