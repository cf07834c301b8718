// The Compose analyzer: parser, syntax-error rule and every Compose rule, sorted by id.
import type { FileAnalyzer } from '../../core/analyze.ts';
import { parseCompose } from '../../analyzers/compose/parse.ts';
import type { ComposeDoc } from '../../analyzers/compose/model.ts';
import { rule as schemaViolation } from './schema-violation.ts';
import { rule as duplicateKey } from './duplicate-key.ts';
import { rule as passwordOnCommandLine } from './password-on-command-line.ts';
import { rule as eolImage } from './eol-image.ts';
import { rule as privilegedContainer } from './privileged-container.ts';
import { rule as hostNetworkMode } from './host-network-mode.ts';
import { rule as hostPidNamespace } from './host-pid-namespace.ts';
import { rule as hostIpcNamespace } from './host-ipc-namespace.ts';
import { rule as hostUserNamespace } from './host-user-namespace.ts';
import { rule as dockerSocketMount } from './docker-socket-mount.ts';
import { rule as sensitiveHostMount } from './sensitive-host-mount.ts';
import { rule as dangerousCapability } from './dangerous-capability.ts';
import { rule as capabilitiesNotDropped } from './capabilities-not-dropped.ts';
import { rule as unconfinedSecurityProfile } from './unconfined-security-profile.ts';
import { rule as noNewPrivilegesMissing } from './no-new-privileges-missing.ts';
import { rule as dangerousDevice } from './dangerous-device.ts';
import { rule as riskySysctl } from './risky-sysctl.ts';
import { rule as runsAsRoot } from './runs-as-root.ts';
import { rule as secretInEnvironment } from './secret-in-environment.ts';
import { rule as tlsVerificationEnvDisabled } from './tls-verification-env-disabled.ts';
import { rule as secretInBuildArgs } from './secret-in-build-args.ts';
import { rule as secretInLabels } from './secret-in-labels.ts';
import { rule as portOnAllInterfaces } from './port-on-all-interfaces.ts';
import { rule as sensitivePortExposed } from './sensitive-port-exposed.ts';
import { rule as privilegedHostPort } from './privileged-host-port.ts';
import { rule as imageNotTagged } from './image-not-tagged.ts';
import { rule as imageNotPinnedByDigest } from './image-not-pinned-by-digest.ts';
import { rule as healthcheckMissing } from './healthcheck-missing.ts';
import { rule as restartPolicyMissing } from './restart-policy-missing.ts';
import { rule as memoryLimitMissing } from './memory-limit-missing.ts';
import { rule as cpuLimitMissing } from './cpu-limit-missing.ts';
import { rule as pidsLimitMissing } from './pids-limit-missing.ts';
import { rule as readOnlyRootMissing } from './read-only-root-missing.ts';
import { rule as obsoleteVersionField } from './obsolete-version-field.ts';
import { rule as deprecatedLinks } from './deprecated-links.ts';
import { rule as undefinedService } from './undefined-service.ts';
import { rule as undefinedVolume } from './undefined-volume.ts';
import { rule as undefinedNetwork } from './undefined-network.ts';
import { rule as undefinedSecret } from './undefined-secret.ts';
import { rule as undefinedConfig } from './undefined-config.ts';
import { rule as duplicateHostPort } from './duplicate-host-port.ts';
import { rule as containerNameWithReplicas } from './container-name-with-replicas.ts';
import { rule as buildAndImage } from './build-and-image.ts';
import { rule as hostNetworkWithPorts } from './host-network-with-ports.ts';
import { rule as dependsOnCycle } from './depends-on-cycle.ts';
import { rule as invalidExtends } from './invalid-extends.ts';
import { rule as invalidInterpolation } from './invalid-interpolation.ts';
import { rule as dependsOnProfiledService } from './depends-on-profiled-service.ts';
import { rule as duplicateContainerName } from './duplicate-container-name.ts';
import { rule as containerNameInvalid } from './container-name-invalid.ts';
import { rule as deprecatedExternalName } from './deprecated-external-name.ts';
import { rule as sharedMountPropagation } from './shared-mount-propagation.ts';
import { rule as syntaxError } from './syntax-error.ts';
import type { ComposeRule } from './support.ts';

export const composeSyntaxRule: ComposeRule = syntaxError;

export const composeRules: readonly ComposeRule[] = [
  schemaViolation,
  duplicateKey,
  privilegedContainer,
  hostNetworkMode,
  hostPidNamespace,
  hostIpcNamespace,
  hostUserNamespace,
  dockerSocketMount,
  sensitiveHostMount,
  dangerousCapability,
  capabilitiesNotDropped,
  unconfinedSecurityProfile,
  noNewPrivilegesMissing,
  dangerousDevice,
  riskySysctl,
  runsAsRoot,
  secretInEnvironment,
  secretInBuildArgs,
  secretInLabels,
  portOnAllInterfaces,
  sensitivePortExposed,
  privilegedHostPort,
  imageNotTagged,
  imageNotPinnedByDigest,
  healthcheckMissing,
  restartPolicyMissing,
  memoryLimitMissing,
  cpuLimitMissing,
  pidsLimitMissing,
  readOnlyRootMissing,
  obsoleteVersionField,
  deprecatedLinks,
  undefinedService,
  undefinedVolume,
  undefinedNetwork,
  undefinedSecret,
  undefinedConfig,
  duplicateHostPort,
  containerNameWithReplicas,
  buildAndImage,
  hostNetworkWithPorts,
  dependsOnCycle,
  invalidExtends,
  invalidInterpolation,
  dependsOnProfiledService,
  duplicateContainerName,
  sharedMountPropagation,
  passwordOnCommandLine,
  eolImage,
  tlsVerificationEnvDisabled,
  containerNameInvalid,
  deprecatedExternalName,
];

export const composeAnalyzer: FileAnalyzer<ComposeDoc> = {
  parse: parseCompose,
  rules: composeRules,
  syntaxRule: composeSyntaxRule,
};
