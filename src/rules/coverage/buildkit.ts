// BuildKit's build checks (`docker build --check`), from its linter's rule set.
// Taken from the repository at the commit below; `npm run bench -- peers` compares it with a checkout.
import type { Peer } from './types.ts';

export const buildkit: Peer = {
  tool: 'buildkit',
  title: 'BuildKit build checks',
  repository: 'moby/buildkit',
  commit: '73ed6825c4b7569379ef89df0aedcdbe64473d31',
  listSource: 'frontend/dockerfile/linter/ruleset.go',
  casePaths: ['frontend/dockerfile/linter/ruleset.go', 'frontend/dockerfile/dockerfile_check_test.go'],
  rules: [
    { id: 'StageNameCasing', name: 'Stage names should be lowercase' },
    { id: 'FromAsCasing', name: "The 'as' keyword should match the case of the 'from' keyword" },
    { id: 'NoEmptyContinuation', name: 'Empty continuation lines will become errors in a future release' },
    { id: 'ConsistentInstructionCasing', name: 'All commands within the Dockerfile should use the same casing (either upper or lower)' },
    { id: 'DuplicateStageName', name: 'Stage names should be unique' },
    { id: 'ReservedStageName', name: 'Reserved words should not be used as stage names' },
    { id: 'JSONArgsRecommended', name: 'JSON arguments recommended for ENTRYPOINT/CMD to prevent unintended behavior related to OS signals' },
    { id: 'MaintainerDeprecated', name: 'The MAINTAINER instruction is deprecated, use a label instead to define an image author' },
    { id: 'UndefinedArgInFrom', name: 'FROM command must use declared ARGs' },
    { id: 'WorkdirRelativePath', name: 'Relative workdir without an absolute workdir declared within the build can have unexpected results if the base image changes' },
    { id: 'UndefinedVar', name: 'Variables should be defined before their use' },
    { id: 'MultipleInstructionsDisallowed', name: 'Multiple instructions of the same type should not be used in the same stage' },
    { id: 'LegacyKeyValueFormat', name: 'Legacy key/value format with whitespace separator should not be used', disagreements: [
      { kind: 'placement', cases: ['frontend/dockerfile/dockerfile_check_test.go:1321@3>5', 'frontend/dockerfile/dockerfile_check_test.go:1321@4>6'], reason: 'The legacy `ENV testkey value` and `LABEL key value` are on lines 5 and 6 (the test\'s Dockerfile starts with a newline, which its other cases count: RedundantTargetPlatform at line 2); BuildKit\'s lint request, linting a stage the target does not reach, gives them as lines 3 and 4, and its test records that. We report the lines they are on.' },
    ] },
    { id: 'InvalidBaseImagePlatform', name: 'Base image platform does not match expected target platform', notAdopted: "Needs the pulled base image's platform, which only a build (a registry request) knows; we analyze the text." },
    { id: 'RedundantTargetPlatform', name: 'Setting platform to predefined $TARGETPLATFORM in FROM is redundant as this is the default behavior' },
    { id: 'SecretsUsedInArgOrEnv', name: 'Sensitive data should not be used in the ARG or ENV commands', disagreements: [
      { kind: 'verdict', cases: ['frontend/dockerfile/dockerfile_check_test.go:305@9'], reason: 'A name ending in a bare `_KEY` is not a secret by itself: `GPG_KEY` in the official python images is a public key fingerprint (Dockle allows it for that reason), `CACHE_KEY` and `SORT_KEY` are identifiers, and `GIT_KEY` says nothing of what it holds. CGD030/CGD031 read `*_KEY` as a secret with a word that makes it one (`API_KEY`, `ACCESS_KEY`, `PRIVATE_KEY`, `SECRET_KEY`); BuildKit\'s pattern takes any `KEY`.' },
    ] },
    { id: 'InvalidDefaultArgInFrom', name: 'Default value for global ARG results in an empty or invalid base image name' },
    { id: 'FromPlatformFlagConstDisallowed', name: 'FROM --platform flag should not use a constant value' },
    { id: 'CopyIgnoredFile', name: 'Attempting to Copy file that is excluded by .dockerignore' },
    { id: 'InvalidDefinitionDescription', name: 'Comment for build stage or argument should follow the format: `# <arg/stage name> <description>`. If this is not intended to be a description comment, add an empty line or comment between the instruction and the comment.', notAdopted: 'Experimental and off by default in BuildKit: a comment convention for build-definition descriptions, not a defect.' },
    { id: 'ExposeProtoCasing', name: 'Protocol in EXPOSE instruction should be lowercase' },
    { id: 'ExposeInvalidFormat', name: 'IP address and host-port mapping should not be used in EXPOSE instruction. This will become an error in a future release' },
  ],
};
