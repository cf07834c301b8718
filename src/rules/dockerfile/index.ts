// The Dockerfile analyzer: the parser, the syntax-error rule and every Dockerfile rule, sorted by id.
import { parseDockerfile } from '../../analyzers/dockerfile/parse.ts';
import type { DockerfileDoc } from '../../analyzers/dockerfile/types.ts';
import type { FileAnalyzer } from '../../core/analyze.ts';
import type { DockerfileRule } from './support.ts';
import { rule as syntaxError } from './syntax-error.ts';
import { rule as noChpasswd } from './no-chpasswd.ts';
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

export const dockerfileSyntaxRule: DockerfileRule = syntaxError;

export const dockerfileRules: readonly DockerfileRule[] = [
  noChpasswd,
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
].sort((a, b) => a.meta.id.localeCompare(b.meta.id));

export const dockerfileAnalyzer: FileAnalyzer<DockerfileDoc> = {
  fileType: 'dockerfile',
  parse: parseDockerfile,
  rules: dockerfileRules,
  syntaxRule: dockerfileSyntaxRule,
};
