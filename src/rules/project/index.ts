// Cross-file rules over a whole project submission, sorted by id.
import type { Rule } from '../../core/rule.ts';
import type { ProjectDoc } from '../../project/types.ts';
import { rule as buildDockerfileNotSubmitted } from './build-dockerfile-not-submitted.ts';
import { rule as buildTargetNotFound } from './build-target-not-found.ts';
import { rule as buildArgNotDeclared } from './build-arg-not-declared.ts';
import { rule as envFileNotAnalyzed } from './env-file-not-analyzed.ts';
import { rule as publishedPortNotExposed } from './published-port-not-exposed.ts';
import { rule as exposedPortNotPublished } from './exposed-port-not-published.ts';
import { rule as composeUserOverridesImageUser } from './compose-user-overrides-image-user.ts';
import { rule as healthcheckDisabledOverridesImage } from './healthcheck-disabled-overrides-image.ts';
import { rule as healthcheckMissingEverywhere } from './healthcheck-missing-everywhere.ts';
import { rule as secretBuildArgInEnv } from './secret-build-arg-in-env.ts';
import { rule as imageVersionMismatch } from './image-version-mismatch.ts';
import { rule as extendsFileNotSubmitted } from './extends-file-not-submitted.ts';
import { rule as invalidExtendsAcrossFiles } from './invalid-extends-across-files.ts';
import { rule as includeFileNotSubmitted } from './include-file-not-submitted.ts';
import { rule as undefinedNameAcrossIncludes } from './undefined-name-across-includes.ts';
import { rule as includeConflict } from './include-conflict.ts';
import { rule as includeCycle } from './include-cycle.ts';
import { rule as workflowBuildFileNotSubmitted } from './workflow-build-file-not-submitted.ts';
import { rule as workflowBuildArgNotDeclared } from './workflow-build-arg-not-declared.ts';
import { rule as reusableWorkflowCallMismatch } from './reusable-workflow-call-mismatch.ts';
import { rule as workflowBuildTargetNotFound } from './workflow-build-target-not-found.ts';

export const projectRules: Rule<ProjectDoc>[] = [buildDockerfileNotSubmitted, buildTargetNotFound, buildArgNotDeclared, envFileNotAnalyzed, publishedPortNotExposed, exposedPortNotPublished, composeUserOverridesImageUser, healthcheckDisabledOverridesImage, healthcheckMissingEverywhere, secretBuildArgInEnv, imageVersionMismatch, extendsFileNotSubmitted, invalidExtendsAcrossFiles, includeFileNotSubmitted, undefinedNameAcrossIncludes, includeConflict, includeCycle, workflowBuildFileNotSubmitted, workflowBuildArgNotDeclared, reusableWorkflowCallMismatch, workflowBuildTargetNotFound];
