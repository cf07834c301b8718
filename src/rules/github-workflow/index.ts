// The workflow analyzer: parser, syntax-error rule and every workflow rule, sorted by id.
import type { FileAnalyzer } from '../../core/analyze.ts';
import type { GhaDoc } from '../../analyzers/github-workflow/model.ts';
import { parseWorkflow } from '../../analyzers/github-workflow/parse.ts';
import { rule as expressionInjection } from './expression-injection.ts';
import { rule as untrustedCheckout } from './untrusted-checkout.ts';
import { rule as actionUnpinned } from './action-unpinned.ts';
import { rule as actionPinnedByTag } from './action-pinned-by-tag.ts';
import { rule as githubActionPinnedByTag } from './github-action-pinned-by-tag.ts';
import { rule as compromisedAction } from './compromised-action.ts';
import { rule as imageNotTagged } from './image-not-tagged.ts';
import { rule as permissionsWriteAll } from './permissions-write-all.ts';
import { rule as riskyTriggerWithoutPermissions } from './risky-trigger-without-permissions.ts';
import { rule as secretsInherit } from './secrets-inherit.ts';
import { rule as unsecureCommandsAllowed } from './unsecure-commands-allowed.ts';
import { rule as hardcodedContainerCredentials } from './hardcoded-container-credentials.ts';
import { rule as secretsToJson } from './secrets-to-json.ts';
import { rule as deprecatedWorkflowCommand } from './deprecated-workflow-command.ts';
import { rule as duplicateKey } from './duplicate-key.ts';
import { rule as duplicateStepId } from './duplicate-step-id.ts';
import { rule as undefinedNeeds } from './undefined-needs.ts';
import { rule as needsCycle } from './needs-cycle.ts';
import { rule as invalidCron } from './invalid-cron.ts';
import { rule as timeoutMinutesMissing } from './timeout-minutes-missing.ts';
import { rule as persistCredentialsUploaded } from './persist-credentials-uploaded.ts';
import { rule as ifAlwaysTrue } from './if-always-true.ts';
import { rule as spoofableBotCondition } from './spoofable-bot-condition.ts';
import { rule as githubEnvWrite } from './github-env-write.ts';
import { rule as secretFieldUnmasked } from './secret-field-unmasked.ts';
import { rule as invalidPermission } from './invalid-permission.ts';
import { rule as selfHostedRunnerOnForkTrigger } from './self-hosted-runner-on-fork-trigger.ts';
import { rule as unknownShell } from './unknown-shell.ts';
import { rule as matrixExcludeUnknownKey } from './matrix-exclude-unknown-key.ts';
import { rule as matrixDuplicateValue } from './matrix-duplicate-value.ts';
import { rule as unknownRunnerLabel } from './unknown-runner-label.ts';
import { rule as invalidFilterGlob } from './invalid-filter-glob.ts';
import { rule as cacheInReleaseWorkflow } from './cache-in-release-workflow.ts';
import { rule as unsoundContains } from './unsound-contains.ts';
import { rule as unsoundTernary } from './unsound-ternary.ts';
import { rule as obfuscatedReference } from './obfuscated-reference.ts';
import { rule as invalidEnvName } from './invalid-env-name.ts';
import { rule as setupToolUnversioned } from './setup-tool-unversioned.ts';
import { rule as githubAppTokenUnscoped } from './github-app-token-unscoped.ts';
import { rule as typosquatAction } from './typosquat-action.ts';
import { rule as undefinedStepReference } from './undefined-step-reference.ts';
import { rule as undefinedNeedsReference } from './undefined-needs-reference.ts';
import { rule as undefinedMatrixKey } from './undefined-matrix-key.ts';
import { rule as undefinedInput } from './undefined-input.ts';
import { rule as invalidId } from './invalid-id.ts';
import { rule as workflowInputInvalid } from './workflow-input-invalid.ts';
import { rule as cronTooFrequent } from './cron-too-frequent.ts';
import { rule as malformedUses } from './malformed-uses.ts';
import { rule as retiredActionVersion } from './retired-action-version.ts';
import { rule as actionInput } from './action-input.ts';
import { rule as forbiddenAction } from './forbidden-action.ts';
import { rule as insecureUrlScheme } from './insecure-url-scheme.ts';
import { rule as misfeature } from './misfeature.ts';
import { rule as adhocPackages } from './adhoc-packages.ts';
import { rule as superfluousAction } from './superfluous-action.ts';
import { rule as secretInDownloadCommand } from './secret-in-download-command.ts';
import { rule as selfRepositorySyntax } from './self-repository-syntax.ts';
import { rule as hardcodedToken } from './hardcoded-token.ts';
import { rule as concurrencyMissing } from './concurrency-missing.ts';
import { rule as pipelineWithoutPipefail } from './pipeline-without-pipefail.ts';
import { rule as constantCondition } from './constant-condition.ts';
import { rule as matrixExcludeNoMatch } from './matrix-exclude-no-match.ts';
import { rule as emptySection } from './empty-section.ts';
import { rule as containerIncomplete } from './container-incomplete.ts';
import { rule as yamlMergeKey } from './yaml-merge-key.ts';
import { rule as exclusiveFilters } from './exclusive-filters.ts';
import { rule as invalidFromjsonLiteral } from './invalid-fromjson-literal.ts';
import { rule as broadPermissions } from './broad-permissions.ts';
import { rule as unusedYamlAnchor } from './unused-yaml-anchor.ts';
import { rule as comparisonTypeMismatch } from './comparison-type-mismatch.ts';
import { rule as objectInTemplate } from './object-in-template.ts';
import { rule as syntaxError } from './syntax-error.ts';
import type { GhaRule } from './support.ts';

export const workflowSyntaxRule: GhaRule = syntaxError;

export const workflowRules: readonly GhaRule[] = [
  expressionInjection,
  untrustedCheckout,
  actionUnpinned,
  actionPinnedByTag,
  githubActionPinnedByTag,
  compromisedAction,
  imageNotTagged,
  permissionsWriteAll,
  riskyTriggerWithoutPermissions,
  secretsInherit,
  unsecureCommandsAllowed,
  hardcodedContainerCredentials,
  secretsToJson,
  deprecatedWorkflowCommand,
  duplicateKey,
  duplicateStepId,
  undefinedNeeds,
  needsCycle,
  invalidCron,
  timeoutMinutesMissing,
  persistCredentialsUploaded,
  ifAlwaysTrue,
  spoofableBotCondition,
  githubEnvWrite,
  secretFieldUnmasked,
  invalidPermission,
  selfHostedRunnerOnForkTrigger,
  unknownShell,
  matrixExcludeUnknownKey,
  matrixDuplicateValue,
  unknownRunnerLabel,
  invalidFilterGlob,
  cacheInReleaseWorkflow,
  unsoundContains,
  unsoundTernary,
  obfuscatedReference,
  invalidEnvName,
  setupToolUnversioned,
  githubAppTokenUnscoped,
  typosquatAction,
  undefinedStepReference,
  undefinedNeedsReference,
  undefinedMatrixKey,
  undefinedInput,
  invalidId,
  workflowInputInvalid,
  cronTooFrequent,
  malformedUses,
  retiredActionVersion,
  actionInput,
  forbiddenAction,
  insecureUrlScheme,
  misfeature,
  adhocPackages,
  superfluousAction,
  secretInDownloadCommand,
  selfRepositorySyntax,
  hardcodedToken,
  concurrencyMissing,
  pipelineWithoutPipefail,
  constantCondition,
  matrixExcludeNoMatch,
  emptySection,
  containerIncomplete,
  yamlMergeKey,
  exclusiveFilters,
  invalidFromjsonLiteral,
  broadPermissions,
  unusedYamlAnchor,
  comparisonTypeMismatch,
  objectInTemplate,
];

export const workflowAnalyzer: FileAnalyzer<GhaDoc> = {
  parse: parseWorkflow,
  rules: workflowRules,
  syntaxRule: workflowSyntaxRule,
};
