// The Dockerfile analyzer: the parser, the syntax-error rule and every Dockerfile rule, sorted by id.
import { parseDockerfile } from '../../analyzers/dockerfile/parse.ts';
import type { DockerfileDoc } from '../../analyzers/dockerfile/types.ts';
import type { FileAnalyzer } from '../../core/analyze.ts';
import type { DockerfileRule } from './support.ts';
import { rule as syntaxError } from './syntax-error.ts';
import { rule as destructiveRmRoot } from './destructive-rm-root.ts';
import { rule as worldWritablePermissions } from './world-writable-permissions.ts';
import { rule as addRemoteWithoutChecksum } from './add-remote-without-checksum.ts';
import { rule as addInsteadOfCopy } from './add-instead-of-copy.ts';
import { rule as remoteScriptPipedToShell } from './remote-script-piped-to-shell.ts';
import { rule as tlsVerifyFlagDisabled } from './tls-verify-flag-disabled.ts';
import { rule as sshHostKeyCheckingDisabled } from './ssh-host-key-checking-disabled.ts';
import { rule as goInsecureEnv } from './go-insecure-env.ts';
import { rule as tlsVerificationEnvDisabled } from './tls-verification-env-disabled.ts';
import { rule as pipTrustedHostEnv } from './pip-trusted-host-env.ts';
import { rule as yumSslverifyDisabled } from './yum-sslverify-disabled.ts';
import { rule as gitSslVerifyDisabled } from './git-ssl-verify-disabled.ts';
import { rule as npmStrictSslConfigDisabled } from './npm-strict-ssl-config-disabled.ts';
import { rule as npmStrictSslEnvDisabled } from './npm-strict-ssl-env-disabled.ts';
import { rule as aptForceYes } from './apt-force-yes.ts';
import { rule as rpmSignatureCheckDisabled } from './rpm-signature-check-disabled.ts';
import { rule as gpgCheckDisabled } from './gpg-check-disabled.ts';
import { rule as aptAllowUnauthenticated } from './apt-allow-unauthenticated.ts';
import { rule as apkAllowUntrusted } from './apk-allow-untrusted.ts';
import { rule as nodeTlsRejectUnauthorizedDisabled } from './node-tls-reject-unauthorized-disabled.ts';
import { rule as pythonHttpsVerifyDisabled } from './python-https-verify-disabled.ts';
import { rule as pipTrustedHost } from './pip-trusted-host.ts';
import { rule as wgetNoCheckCertificate } from './wget-no-check-certificate.ts';
import { rule as curlInsecure } from './curl-insecure.ts';
import { rule as privateKeyInDockerfile } from './private-key-in-dockerfile.ts';
import { rule as credentialsInUrl } from './credentials-in-url.ts';
import { rule as secretFileCopied } from './secret-file-copied.ts';
import { rule as secretInBuildArg } from './secret-in-build-arg.ts';
import { rule as secretInEnv } from './secret-in-env.ts';
import { rule as noChpasswd } from './no-chpasswd.ts';
import { rule as eolBaseImage } from './eol-base-image.ts';
import { rule as passwordOnCommandLine } from './password-on-command-line.ts';
import { rule as passwordlessSudo } from './passwordless-sudo.ts';
import { rule as useraddWithoutNoLogInit } from './useradd-without-no-log-init.ts';
import { rule as noSudo } from './no-sudo.ts';
import { rule as lastUserRoot } from './last-user-root.ts';
import { rule as missingUser } from './missing-user.ts';
import { rule as fromLaterStage } from './from-later-stage.ts';
import { rule as reservedStageName } from './reserved-stage-name.ts';
import { rule as fromAsCasing } from './from-as-casing.ts';
import { rule as stageNameCasing } from './stage-name-casing.ts';
import { rule as duplicateStageName } from './duplicate-stage-name.ts';
import { rule as copyFromOwnStage } from './copy-from-own-stage.ts';
import { rule as copyFromUnknownStage } from './copy-from-unknown-stage.ts';
import { rule as emptyDefaultArgInFrom } from './empty-default-arg-in-from.ts';
import { rule as undefinedArgInFrom } from './undefined-arg-in-from.ts';
import { rule as constantPlatformFlag } from './constant-platform-flag.ts';
import { rule as imageNotPinnedByDigest } from './image-not-pinned-by-digest.ts';
import { rule as noLatestTag } from './no-latest-tag.ts';
import { rule as untaggedImage } from './untagged-image.ts';
// CGD100-CGD199: package managers, RUN hygiene, CMD/ENTRYPOINT, EXPOSE, HEALTHCHECK, casing, ARG/ENV.
import { rule as aptGetMissingYes } from './apt-get-missing-yes.ts';
import { rule as aptMissingNoInstallRecommends } from './apt-missing-no-install-recommends.ts';
import { rule as aptUnpinnedPackage } from './apt-unpinned-package.ts';
import { rule as aptListsNotRemoved } from './apt-lists-not-removed.ts';
import { rule as aptInScript } from './apt-in-script.ts';
import { rule as packageUpdateAlone } from './package-update-alone.ts';
import { rule as apkMissingNoCache } from './apk-missing-no-cache.ts';
import { rule as apkUnpinnedPackage } from './apk-unpinned-package.ts';
import { rule as rpmMissingYes } from './rpm-missing-yes.ts';
import { rule as rpmCacheNotCleaned } from './rpm-cache-not-cleaned.ts';
import { rule as rpmUnpinnedPackage } from './rpm-unpinned-package.ts';
import { rule as zypperNonInteractiveMissing } from './zypper-non-interactive-missing.ts';
import { rule as zypperCleanMissing } from './zypper-clean-missing.ts';
import { rule as zypperUnpinnedPackage } from './zypper-unpinned-package.ts';
import { rule as distributionUpgrade } from './distribution-upgrade.ts';
import { rule as packageUpgrade } from './package-upgrade.ts';
import { rule as pipUnpinnedPackage } from './pip-unpinned-package.ts';
import { rule as pipCacheNotDisabled } from './pip-cache-not-disabled.ts';
import { rule as npmInstallWithLockfile } from './npm-install-with-lockfile.ts';
import { rule as npmUnpinnedPackage } from './npm-unpinned-package.ts';
import { rule as gemUnpinnedPackage } from './gem-unpinned-package.ts';
import { rule as goInstallUnpinned } from './go-install-unpinned.ts';
import { rule as runCd } from './run-cd.ts';
import { rule as workdirRelative } from './workdir-relative.ts';
import { rule as jsonArgsRecommended } from './json-args-recommended.ts';
import { rule as multipleInstructions } from './multiple-instructions.ts';
import { rule as malformedExecForm } from './malformed-exec-form.ts';
import { rule as exposeInvalidPort } from './expose-invalid-port.ts';
import { rule as exposeProtocolCasing } from './expose-protocol-casing.ts';
import { rule as exposeHostMapping } from './expose-host-mapping.ts';
import { rule as exposeSshPort } from './expose-ssh-port.ts';
import { rule as healthcheckMissing } from './healthcheck-missing.ts';
import { rule as healthcheckDisabled } from './healthcheck-disabled.ts';
import { rule as healthcheckInvalidOption } from './healthcheck-invalid-option.ts';
import { rule as maintainerDeprecated } from './maintainer-deprecated.ts';
import { rule as inconsistentInstructionCasing } from './inconsistent-instruction-casing.ts';
import { rule as legacyKeyValueFormat } from './legacy-key-value-format.ts';
import { rule as emptyContinuationLine } from './empty-continuation-line.ts';
import { rule as undefinedVariable } from './undefined-variable.ts';
import { rule as envSelfReference } from './env-self-reference.ts';
import { rule as shellSymlink } from './shell-symlink.ts';
import { rule as copyDestinationSlash } from './copy-destination-slash.ts';
import { rule as pipefailMissing } from './pipefail-missing.ts';
import { rule as curlAndWget } from './curl-and-wget.ts';
import { rule as yarnCacheNotCleaned } from './yarn-cache-not-cleaned.ts';
import { rule as shellUtilityCommand } from './shell-utility-command.ts';
import { rule as workdirSystemDirectory } from './workdir-system-directory.ts';
import { rule as copyFromStageIndex } from './copy-from-stage-index.ts';
import { rule as consecutiveLayers } from './consecutive-layers.ts';
import { rule as copyWholeStageFilesystem } from './copy-whole-stage-filesystem.ts';
import { rule as userNotNumeric } from './user-not-numeric.ts';
import { rule as redundantTargetPlatform } from './redundant-target-platform.ts';
import { rule as labelSchema } from './label-schema.ts';
import { rule as labelEmpty } from './label-empty.ts';
import { rule as labelKeyInvalid } from './label-key-invalid.ts';
import { rule as baseImageUntrustedRegistry } from './base-image-untrusted-registry.ts';
import { rule as copyRelativeWithoutWorkdir } from './copy-relative-without-workdir.ts';
import { rule as archiveCopiedThenExtracted } from './archive-copied-then-extracted.ts';

export const dockerfileSyntaxRule: DockerfileRule = syntaxError;

export const dockerfileRules: readonly DockerfileRule[] = [
  destructiveRmRoot,
  worldWritablePermissions,
  addRemoteWithoutChecksum,
  addInsteadOfCopy,
  remoteScriptPipedToShell,
  tlsVerifyFlagDisabled,
  sshHostKeyCheckingDisabled,
  goInsecureEnv,
  tlsVerificationEnvDisabled,
  pipTrustedHostEnv,
  yumSslverifyDisabled,
  gitSslVerifyDisabled,
  npmStrictSslConfigDisabled,
  npmStrictSslEnvDisabled,
  aptForceYes,
  rpmSignatureCheckDisabled,
  gpgCheckDisabled,
  aptAllowUnauthenticated,
  apkAllowUntrusted,
  nodeTlsRejectUnauthorizedDisabled,
  pythonHttpsVerifyDisabled,
  pipTrustedHost,
  wgetNoCheckCertificate,
  curlInsecure,
  privateKeyInDockerfile,
  credentialsInUrl,
  secretFileCopied,
  secretInBuildArg,
  secretInEnv,
  noChpasswd,
  eolBaseImage,
  passwordOnCommandLine,
  passwordlessSudo,
  useraddWithoutNoLogInit,
  noSudo,
  lastUserRoot,
  missingUser,
  fromLaterStage,
  reservedStageName,
  fromAsCasing,
  stageNameCasing,
  duplicateStageName,
  copyFromOwnStage,
  copyFromUnknownStage,
  emptyDefaultArgInFrom,
  undefinedArgInFrom,
  constantPlatformFlag,
  imageNotPinnedByDigest,
  noLatestTag,
  untaggedImage,
  aptGetMissingYes,
  aptMissingNoInstallRecommends,
  aptUnpinnedPackage,
  aptListsNotRemoved,
  aptInScript,
  packageUpdateAlone,
  apkMissingNoCache,
  apkUnpinnedPackage,
  rpmMissingYes,
  rpmCacheNotCleaned,
  rpmUnpinnedPackage,
  zypperNonInteractiveMissing,
  zypperCleanMissing,
  zypperUnpinnedPackage,
  distributionUpgrade,
  packageUpgrade,
  pipUnpinnedPackage,
  pipCacheNotDisabled,
  npmInstallWithLockfile,
  npmUnpinnedPackage,
  gemUnpinnedPackage,
  goInstallUnpinned,
  runCd,
  workdirRelative,
  jsonArgsRecommended,
  multipleInstructions,
  malformedExecForm,
  exposeInvalidPort,
  exposeProtocolCasing,
  exposeHostMapping,
  exposeSshPort,
  healthcheckMissing,
  healthcheckDisabled,
  healthcheckInvalidOption,
  maintainerDeprecated,
  inconsistentInstructionCasing,
  legacyKeyValueFormat,
  emptyContinuationLine,
  undefinedVariable,
  envSelfReference,
  shellSymlink,
  copyDestinationSlash,
  pipefailMissing,
  curlAndWget,
  yarnCacheNotCleaned,
  shellUtilityCommand,
  workdirSystemDirectory,
  copyFromStageIndex,
  consecutiveLayers,
  copyWholeStageFilesystem,
  userNotNumeric,
  redundantTargetPlatform,
  labelSchema,
  labelEmpty,
  labelKeyInvalid,
  baseImageUntrustedRegistry,
  copyRelativeWithoutWorkdir,
  archiveCopiedThenExtracted,
].sort((a, b) => a.meta.id.localeCompare(b.meta.id));

export const dockerfileAnalyzer: FileAnalyzer<DockerfileDoc> = {
  parse: parseDockerfile,
  rules: dockerfileRules,
  syntaxRule: dockerfileSyntaxRule,
};
