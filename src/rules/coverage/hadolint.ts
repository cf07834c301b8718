// hadolint's rules: the DL rules of its README and, as one group, the ShellCheck rules it runs on RUN scripts.
// Taken from the repository at the commit below; `npm run bench -- peers` compares it with a checkout.
import type { Peer } from './types.ts';

export const hadolint: Peer = {
  tool: 'hadolint',
  title: 'hadolint',
  repository: 'hadolint/hadolint',
  commit: '8f936c5e975d3663b3cce4ac5b3baa3db26b8516',
  listSource: 'the README rule table (DL rules; the ShellCheck rules are one group)',
  casePaths: ['README.md', 'test/Hadolint/Rule'],
  rules: [
    { id: 'DL1001', name: 'Please refrain from using inline ignore pragmas `# hadolint ignore=DLxxxx`.', notAdopted: "A check on hadolint's own ignore pragmas. We honour them (and our own) and ask for a reason instead; reporting every suppression would punish the documented way to accept a finding." },
    { id: 'DL3000', name: 'Use absolute WORKDIR.' },
    { id: 'DL3001', name: 'For some bash commands it makes no sense running them in a Docker container like ssh, vim, shutdown, service, ps, free, top, kill, mount, ifconfig.' },
    { id: 'DL3002', name: 'Last user should not be root.', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3002Spec.hs:77'], reason: 'The stage that ends as root is not the image: the final stage (`FROM scratch`, `USER foo`) does not build on it, so root there only runs build steps. CGD021 judges the stages the image is made of.' },
    ] },
    { id: 'DL3003', name: 'Use WORKDIR to switch to a directory.' },
    { id: 'DL3004', name: 'Do not use sudo as it leads to unpredictable behavior. Use a tool like gosu to enforce root.' },
    { id: 'DL3006', name: 'Always tag the version of an image explicitly.' },
    { id: 'DL3007', name: 'Using latest is prone to errors if the image will ever update. Pin the version explicitly to a release tag.' },
    { id: 'DL3008', name: 'Pin versions in `apt-get install`.' },
    { id: 'DL3009', name: 'Delete the apt-get lists after installing something.' },
    { id: 'DL3010', name: 'Use ADD for extracting archives into an image.' },
    { id: 'DL3011', name: 'Valid UNIX ports range from 0 to 65535.' },
    { id: 'DL3012', name: 'Multiple `HEALTHCHECK` instructions.' },
    { id: 'DL3013', name: 'Pin versions in pip.' },
    { id: 'DL3014', name: 'Use the `-y` switch.' },
    { id: 'DL3015', name: 'Avoid additional packages by specifying `--no-install-recommends`.' },
    { id: 'DL3016', name: 'Pin versions in `npm`.' },
    { id: 'DL3018', name: 'Pin versions in `apk add`. Instead of `apk add <package>` use `apk add <package>=<version>`.' },
    { id: 'DL3019', name: 'Use the `--no-cache` switch to avoid the need to use `--update` and remove `/var/cache/apk/*` when done installing packages.' },
    { id: 'DL3020', name: 'Use `COPY` instead of `ADD` for files and folders.' },
    { id: 'DL3021', name: '`COPY` with more than 2 arguments requires the last argument to end with `/`' },
    { id: 'DL3022', name: '`COPY --from` should reference a previously defined `FROM` alias' },
    { id: 'DL3023', name: '`COPY --from` cannot reference its own `FROM` alias' },
    { id: 'DL3024', name: '`FROM` aliases (stage names) must be unique' },
    { id: 'DL3025', name: 'Use arguments JSON notation for CMD and ENTRYPOINT arguments', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3025Spec.hs:46'], reason: 'CGD124 is about CMD and ENTRYPOINT, whose shell form puts a shell at PID 1 that does not pass signals on; a HEALTHCHECK command is a short-lived probe, for which the shell form is harmless (BuildKit\'s JSONArgsRecommended does not check it either).' },
    ] },
    { id: 'DL3026', name: 'Use only an allowed registry in the `FROM image`', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3026Spec.hs:19'], reason: 'CGD148 is opt-in (off by default, like hadolint with no allowed registries); enabled without a list of its own it trusts the well-known public registries, so `random.com/debian` is reported.' },
    ] },
    { id: 'DL3027', name: 'Do not use `apt` as it is meant to be an end-user tool, use `apt-get` or `apt-cache` instead' },
    { id: 'DL3028', name: 'Pin versions in gem install. Instead of `gem install <gem>` use `gem install <gem>:<version>`', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3028Spec.hs:49', 'test/Hadolint/Rule/DL3028Spec.hs:50'], reason: 'gem install has no `--use-system-libraries` option (it is a nokogiri build flag, passed after `--`), so `true` is read as a second gem to install, without a version.' },
    ] },
    { id: 'DL3029', name: 'Do not use --platform flag with FROM.' },
    { id: 'DL3030', name: 'Use the `-y` switch to avoid manual input `yum install -y <package>`' },
    { id: 'DL3032', name: '`yum clean all` missing after yum command.' },
    { id: 'DL3033', name: 'Specify version with `yum install -y <package>-<version>`', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3033Spec.hs:80'], reason: 'An ARG is in scope only in the stage that declares it: in a new stage `git-core-${version}` expands to `git-core-`, an install without a version.' },
    ] },
    { id: 'DL3034', name: 'Non-interactive switch missing from `zypper` command: `zypper install -y`', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3034Spec.hs:17', 'test/Hadolint/Rule/DL3034Spec.hs:21'], reason: '`-n` after `install` is zypper install\'s `--name` (select by name), not the global `--non-interactive`, which must come before the command (`zypper -n install`): this install still prompts.' },
    ] },
    { id: 'DL3035', name: 'Do not use `zypper dist-upgrade`.' },
    { id: 'DL3036', name: '`zypper clean` missing after zypper use.' },
    { id: 'DL3037', name: 'Specify version with `zypper install -y <package>[=]<version>`.' },
    { id: 'DL3038', name: 'Use the `-y` switch to avoid manual input `dnf install -y <package>`', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3038Spec.hs:15', 'test/Hadolint/Rule/DL3038Spec.hs:17'], reason: 'microdnf never prompts: its `-y`/`--assumeyes` is accepted and does nothing ("we always assume yes"), so `microdnf install` without it cannot hang a build.' },
    ] },
    { id: 'DL3040', name: '`dnf clean all` missing after dnf command.' },
    { id: 'DL3041', name: 'Specify version with `dnf install -y <package>-<version>`', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3041Spec.hs:111'], reason: 'An ARG is in scope only in the stage that declares it: in a new stage `git-core-${version}` expands to `git-core-`, an install without a version.' },
    ] },
    { id: 'DL3042', name: 'Avoid cache directory with `pip install --no-cache-dir <package>`.', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3042Spec.hs:56', 'test/Hadolint/Rule/DL3042Spec.hs:57', 'test/Hadolint/Rule/DL3042Spec.hs:58', 'test/Hadolint/Rule/DL3042Spec.hs:59', 'test/Hadolint/Rule/DL3042Spec.hs:61', 'test/Hadolint/Rule/DL3042Spec.hs:62', 'test/Hadolint/Rule/DL3042Spec.hs:63', 'test/Hadolint/Rule/DL3042Spec.hs:64', 'test/Hadolint/Rule/DL3042Spec.hs:66', 'test/Hadolint/Rule/DL3042Spec.hs:67', 'test/Hadolint/Rule/DL3042Spec.hs:68', 'test/Hadolint/Rule/DL3042Spec.hs:69'], reason: 'pip turns its cache off for any valid boolean in PIP_NO_CACHE_DIR, `0`, `off`, `no` and `false` included (for backwards compatibility: `_handle_no_cache_dir` in pip/_internal/cli/cmdoptions.py sets `cache_dir = False` whatever the value parses to), so these installs keep no cache.' },
    ] },
    { id: 'DL3043', name: '`ONBUILD`, `FROM` or `MAINTAINER` triggered from within `ONBUILD` instruction.', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3043Spec.hs:29', 'test/Hadolint/Rule/DL3043Spec.hs:30', 'test/Hadolint/Rule/DL3043Spec.hs:31', 'test/Hadolint/Rule/DL3043Spec.hs:32', 'test/Hadolint/Rule/DL3043Spec.hs:33', 'test/Hadolint/Rule/DL3043Spec.hs:34', 'test/Hadolint/Rule/DL3043Spec.hs:35', 'test/Hadolint/Rule/DL3043Spec.hs:36', 'test/Hadolint/Rule/DL3043Spec.hs:37', 'test/Hadolint/Rule/DL3043Spec.hs:38', 'test/Hadolint/Rule/DL3043Spec.hs:39', 'test/Hadolint/Rule/DL3043Spec.hs:40', 'test/Hadolint/Rule/DL3043Spec.hs:41', 'test/Hadolint/Rule/DL3043Spec.hs:42', 'test/Hadolint/Rule/DL3043Spec.hs:43', 'test/Hadolint/Rule/DL3043Spec.hs:45'], reason: 'These snippets have no FROM: Docker refuses such a file, and CGD000 (which answers DL3043 among the other errors that stop a build) says so, whatever DL3043 says of their ONBUILD.' },
    ] },
    { id: 'DL3044', name: 'Do not refer to an environment variable within the same `ENV` statement where it is defined.' },
    { id: 'DL3045', name: '`COPY` to a relative destination without `WORKDIR` set.' },
    { id: 'DL3046', name: '`useradd` without flag `-l` and high UID will result in excessively large Image.' },
    { id: 'DL3047', name: '`wget` without flag `--progress` will result in excessively bloated build logs when downloading larger files.', notAdopted: 'Build-log size advice, not a property of the image: wget prints compact dots, not a progress bar, when its output is not a terminal, and BuildKit truncates long step logs.' },
    { id: 'DL3048', name: 'Invalid Label Key', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3048Spec.hs:21', 'test/Hadolint/Rule/DL3048Spec.hs:22'], reason: 'Docker expands variables in LABEL keys: `invalid$character` is the key `invalid` when `character` is unset, a valid key; a key from a variable is judged only when its value is known.' },
    ] },
    { id: 'DL3049', name: 'Label `<label>` is missing.', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3049Spec.hs:61', 'test/Hadolint/Rule/DL3049Spec.hs:71', 'test/Hadolint/Rule/DL3049Spec.hs:107', 'test/Hadolint/Rule/DL3049Spec.hs:151'], reason: 'We check the labels of the image a build produces (the final stage and the stages it builds on); hadolint also asks them of every stage no other stage builds on, which only a `--target` build would ship.' },
    ] },
    { id: 'DL3050', name: 'Superfluous label(s) present.' },
    { id: 'DL3051', name: 'Label `<label>` is empty.', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3051Spec.hs:23', 'test/Hadolint/Rule/DL3051Spec.hs:24'], reason: 'An empty label says nothing whatever its key, so CGD152 reports every empty label; hadolint only those its label schema lists.' },
    ] },
    { id: 'DL3052', name: 'Label `<label>` is not a valid URL.' },
    { id: 'DL3053', name: 'Label `<label>` is not a valid time format - must conform to RFC3339.' },
    { id: 'DL3054', name: 'Label `<label>` is not a valid SPDX license identifier.' },
    { id: 'DL3055', name: 'Label `<label>` is not a valid git hash.' },
    { id: 'DL3056', name: 'Label `<label>` does not conform to semantic versioning.' },
    { id: 'DL3057', name: '`HEALTHCHECK` instruction missing.', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3057Spec.hs:19', 'test/Hadolint/Rule/DL3057Spec.hs:65', 'test/Hadolint/Rule/DL3057Spec.hs:73'], reason: 'Images that show no service (no CMD, ENTRYPOINT or EXPOSE: `FROM scratch` alone, base and tool images) have nothing a healthcheck could probe; CGD131 leaves them alone.' },
    ] },
    { id: 'DL3058', name: 'Label `<label>` is not a valid email format - must conform to RFC5322.' },
    { id: 'DL3059', name: 'Multiple consecutive `RUN` instructions. Consider consolidation.' },
    { id: 'DL3060', name: '`yarn cache clean` missing after `yarn install` was run.' },
    { id: 'DL3061', name: 'Invalid instruction order. Dockerfile must begin with `FROM`, `ARG` or comment.' },
    { id: 'DL3062', name: 'Pin versions in go install. Instead of `go install <package>` use `go install <package>@<version>`' },
    { id: 'DL3063', name: 'Stage name should not be a reserved word' },
    { id: 'DL3064', name: 'Potentially sensitive data should not be used in the `ARG` or `ENV` commands' },
    { id: 'DL3065', name: 'Setting FROM --platform to predefined $TARGETPLATFORM in is redundant as this is the default behavior' },
    { id: 'DL3066', name: 'Non-numeric user-id may not be resolvable by host system' },
    { id: 'DL3067', name: 'Do not copy an entire filesystem from another stage', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL3067Spec.hs:15', 'test/Hadolint/Rule/DL3067Spec.hs:18'], reason: 'These snippets have no stage named `build`, so `--from=build` names an image (`docker.io/library/build`); CGD155 reports a whole stage of the file copied over the root, not an image made to be copied whole (the tools-image pattern, common in real files).' },
    ] },
    { id: 'DL4000', name: '`MAINTAINER` is deprecated.' },
    { id: 'DL4001', name: 'Either use Wget or Curl but not both.' },
    { id: 'DL4003', name: 'Multiple `CMD` instructions found.' },
    { id: 'DL4004', name: 'Multiple `ENTRYPOINT` instructions found.' },
    { id: 'DL4005', name: 'Use `SHELL` to change the default shell.' },
    { id: 'DL4006', name: 'Set the `SHELL` option -o pipefail before `RUN` with a pipe in it', disagreements: [
      { kind: 'verdict', cases: ['test/Hadolint/Rule/DL4006Spec.hs:84'], reason: '`SHELL ["/bin/sh", "-o", "pipefail", "-c"]` sets pipefail: a `sh` that supports it (busybox, dash 0.5.12+, bash) fails the RUN when a pipe stage fails, and one that does not stops the build at its first RUN, so no failing pipe goes unseen either way.' },
    ] },
    { id: 'SC', name: 'ShellCheck checks of RUN scripts (SCxxxx)', notAdopted: 'ShellCheck is a separate tool with hundreds of shell-script checks. Our own shell parsing covers the checks that matter in a Dockerfile (pipefail, sudo, cd, package managers, remote scripts piped to a shell); run ShellCheck on RUN scripts beside Confgate for the rest.' },
  ],
};
