// KICS's Dockerfile and Docker Compose queries, and its platform-independent secrets query (it reads Dockerfiles and Compose files too).
// Taken from the repository at the commit below; `npm run bench -- peers` compares it with a checkout.
import type { Disagreement, Peer, PeerRule } from './types.ts';

/** KICS gives the first line of the instruction at fault; we point at the command or word at fault inside it (the
 * offending line of a multi-line RUN). Held only when our finding is within that instruction. */
const INSTRUCTION_LINE: Disagreement = {
  kind: 'placement',
  cases: ['assets/queries/dockerfile/'],
  reason: 'KICS gives the first line of the instruction; we point at the command or word at fault inside it (the line of a multi-line RUN that holds it).',
};

/** Every Dockerfile query also carries the instruction-line placement. */
const withInstructionLine = (rules: readonly PeerRule[]): PeerRule[] =>
  rules.map((r) => (r.group === 'Dockerfile' && !r.notAdopted && !r.planned ? { ...r, disagreements: [...(r.disagreements ?? []), INSTRUCTION_LINE] } : r));

export const kics: Peer = {
  tool: 'kics',
  title: 'KICS',
  repository: 'Checkmarx/kics',
  commit: '2e3a47b92e8a333639e01302105b3bb37703fce3',
  listSource: 'assets/queries/{dockerfile,dockerCompose}/*/metadata.json and assets/queries/common/passwords_and_secrets',
  casePaths: ['assets/queries/dockerfile', 'assets/queries/dockerCompose', 'assets/queries/common/passwords_and_secrets'],
  note: "Upstream master of 2025-02-03 (the merge of PR #7327), read from the fork cx-rui-araujo/kics, whose master holds that commit: the upstream repository's snapshot was too large to fetch here. Queries added upstream later are not listed; `Networks Not Set` was removed upstream in February 2024. Its Dockerfile queries give the first line of an instruction; ours point at the command inside it (the benchmark counts such cases apart, as a deliberate placement, only when our finding is inside that instruction).",
  rules: withInstructionLine([
    { id: '9513a694-aa0d-41d8-be61-3271e056f36b', name: 'Add Instead of Copy', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/add_instead_of_copy/test/positive.dockerfile@8'], reason: '`ADD ${JAR_FILE} app.jar` takes its source from a build argument without a default: the build may pass a URL, which only ADD fetches, so COPY is not known to do the same job. CGD061 reports ADD only for sources known to be local files (a URL source is judged by CGD062 for its missing checksum).' },
    ] },
    { id: 'ae9c56a6-3ed1-4ac0-9b54-31267f51151d', name: 'Apk Add Using Local Cache Path', group: 'Dockerfile' },
    { id: 'df746b39-6564-4fed-bf85-e9c44382303c', name: 'Apt Get Install Lists Were Not Deleted', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/apt_get_install_lists_were_not_deleted/test/positive.dockerfile@2', 'assets/queries/dockerfile/apt_get_install_lists_were_not_deleted/test/positive.dockerfile@5', 'assets/queries/dockerfile/apt_get_install_lists_were_not_deleted/test/positive.dockerfile@8'], reason: 'Only the last stage is the image: a cache or package index left in an earlier stage (one no later stage copies from) never ships.' },
    ] },
    { id: '965a08d7-ef86-4f14-8792-4a3b2098937e', name: 'Apt Get Install Pin Version Not Defined', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/apt_get_install_pin_version_not_defined/test/positive.dockerfile@6', 'assets/queries/dockerfile/apt_get_install_pin_version_not_defined/test/positive2.dockerfile@6'], reason: '`apt-get install -y -t python` names no package: `-t` (`--target-release`) takes `python` as its value.' },
    ] },
    { id: '77783205-c4ca-4f80-bb80-c777f267c547', name: 'APT-GET Missing Flags To Avoid Manual Input', group: 'Dockerfile' },
    { id: '7384dfb2-fcd1-4fbf-91cd-6c44c318c33c', name: 'APT-GET Not Avoiding Additional Packages', group: 'Dockerfile' },
    { id: '8a301064-c291-4b20-adcb-403fe7fd95fd', name: 'Changing Default Shell Using RUN Command', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/changing_default_shell_using_run_command/test/positive2.dockerfile@5'], reason: '`RUN powershell -command` runs PowerShell once; it does not change the shell later RUNs use (what CGD140 reports: `/bin/sh` replaced by a link).' },
    ] },
    { id: 'aa93e17f-b6db-4162-9334-c70334e7ac28', name: 'Chown Flag Exists', group: 'Dockerfile', notAdopted: 'Files the application must write are rightly owned by its user, so reporting every `--chown` would mostly be noise; what matters, world-writable permissions (CGD063) and running as root (CGD020, CGD021), is checked.' },
    { id: 'cdddb86f-95f6-4fc4-b5a1-483d9afceb2b', name: "COPY '--from' References Current FROM Alias", group: 'Dockerfile' },
    { id: '6db6e0c2-32a3-4a2e-93b5-72c35f4119db', name: 'Copy With More Than Two Arguments Not Ending With Slash', group: 'Dockerfile' },
    { id: '4b410d24-1cbe-4430-a632-62c9a931cf1c', name: 'Curl or Wget Instead of Add', group: 'Dockerfile' },
    { id: '5907595b-5b6d-4142-b173-dbb0e73fbff8', name: 'Exposing Port 22 (SSH)', group: 'Dockerfile' },
    { id: '22cd11f7-9c6c-4f6e-84c0-02058120b341', name: 'Gem Install Without Version', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/gem_install_without_version/test/positive.dockerfile@5'], reason: '`gem install grpc -v X blunder`: gem refuses `--version` with several gems, so the build fails there; there is no unpinned install to report.' },
    ] },
    { id: 'b03a748a-542d-44f4-bb86-9199ab4fd2d5', name: 'Healthcheck Instruction Missing', group: 'Dockerfile' },
    { id: '9efb0b2d-89c9-41a3-91ca-dcc0aec911fd', name: 'Image Version Not Explicit', group: 'Dockerfile' },
    { id: 'f45ea400-6bbe-4501-9fc7-1c3d75c32067', name: "Image Version Using 'latest'", group: 'Dockerfile' },
    { id: '67fd0c4a-68cf-46d7-8c41-bc9fba7e40ae', name: "Last User Is 'root'", group: 'Dockerfile' },
    { id: '99614418-f82b-4852-a9ae-5051402b741c', name: 'MAINTAINER Instruction Being Used', group: 'Dockerfile' },
    { id: '295acb63-9246-4b21-b441-7c1f1fb62dc0', name: 'Missing Dnf Clean All', group: 'Dockerfile' },
    { id: '7ebd323c-31b7-4e5b-b26f-de5e9e477af8', name: 'Missing Flag From Dnf Install', group: 'Dockerfile' },
    { id: 'fd54f200-402c-4333-a5a4-36ef6709af2f', name: 'Missing User Instruction', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/missing_user_instruction/test/negative.dockerfile'], reason: 'Its final stage is `FROM scratch` without USER: a scratch image runs its process as uid 0 too (set `USER 65534` for a static binary), so CGD020 reports it.' },
    ] },
    { id: '93d88cf7-f078-46a8-8ddc-178e03aeacf1', name: 'Missing Version Specification In dnf install', group: 'Dockerfile' },
    { id: '38300d1a-feb2-4a48-936a-d1ef1cd24313', name: 'Missing Zypper Clean', group: 'Dockerfile' },
    { id: '45e1fca5-f90e-465d-825f-c2cb63fa3944', name: 'Missing Zypper Non-interactive Switch', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/missing_zypper_non_interactive_switch/test/negative2.dockerfile'], reason: '`zypper install httpd` without `-n` prompts whatever the stage, and a build has no terminal to answer it, so the builder stage fails the build as surely as the final one would: a build breaker is reported in every stage (KICS checks this one in the last stage only).' },
    ] },
    { id: '41c195f4-fc31-4a5c-8a1b-90605538d49f', name: 'Multiple CMD Instructions Listed', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/multiple_cmd_instructions_listed/test/negative2.dockerfile'], reason: 'Two CMDs (or ENTRYPOINTs) in one stage: the first never takes effect in any stage, so it is dead text wherever it is (and `docker build --target builder` ships that stage). hadolint\'s DL4003 reports the same shape in a non-final stage (its "many cmds, different stages" case).' },
    ] },
    { id: '6938958b-3f1a-451c-909b-baeee14bdc97', name: 'Multiple ENTRYPOINT Instructions Listed', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/multiple_entrypoint_instructions_listed/test/negative2.dockerfile'], reason: 'Two CMDs (or ENTRYPOINTs) in one stage: the first never takes effect in any stage, so it is dead text wherever it is (and `docker build --target builder` ships that stage). hadolint\'s DL4003 reports the same shape in a non-final stage (its "many cmds, different stages" case).' },
    ] },
    { id: '0008c003-79aa-42d8-95b8-1c2fe37dbfe6', name: 'Multiple RUN, ADD, COPY, Instructions Listed', group: 'Dockerfile' },
    { id: 'b86987e1-6397-4619-81d5-8807f2387c79', name: 'Not Using JSON In CMD And ENTRYPOINT Arguments', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/not_using_json_in_cmd_and_entrypoint_arguments/test/negative2.dockerfile'], reason: '`CMD [python, /usr/src/app/app.py]` in the builder stage is the same broken array as in the positive case: Docker runs it as a shell command, and `docker build --target builder` ships it, so CGD126 reports it in any stage.' },
    ] },
    { id: 'e36d8880-3f78-4546-b9a1-12f0745ca0d5', name: 'NPM Install Command Without Pinned Version', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/npm_install_without_pinned_version/test/negative1.dockerfile'], reason: '`sax@latest` and a git URL without a ref install whatever is newest at build time: they are not pins.' },
    ] },
    { id: 'f2f903fb-b977-461e-98d7-b3e2185c6118', name: 'Pip install Keeping Cached Packages', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/pip_install_keeping_cached_packages/test/positive.dockerfile@2'], reason: 'Only the last stage is the image: a cache or package index left in an earlier stage (one no later stage copies from) never ships.' },
    ] },
    { id: 'f4a6bcd3-e231-4acf-993c-aa027be50d2e', name: "RUN Instruction Using 'cd' Instead of WORKDIR", group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/run_command_cd_instead_of_workdir/test/negative2.dockerfile'], reason: '`RUN cd /usr/share/nginx/html` alone does nothing: the next instruction starts in the WORKDIR again, which is what CGD122 says.' },
    ] },
    { id: 'b84a0b47-2e99-4c9f-8933-98bcabe2b94d', name: 'Run Using apt', group: 'Dockerfile' },
    { id: '8ada6e80-0ade-439e-b176-0b28f6bce35a', name: 'Run Using Sudo', group: 'Dockerfile' },
    { id: 'fc775e75-fcfb-4c98-b2f2-910c5858b359', name: "Run Using 'wget' and 'curl'", group: 'Dockerfile', disagreements: [
      { kind: 'placement', cases: ['assets/queries/dockerfile/run_using_wget_and_curl/test/positive.dockerfile@7>6', 'assets/queries/dockerfile/run_using_wget_and_curl/test/positive.dockerfile@8>6'], reason: 'We point at the less used of the two tools in the image, the one to replace: in the second stage wget (line 6, once) against curl (lines 7 and 8); on a tie, the tool that came second (hadolint DL4001 warns there too). KICS reports every curl whatever the counts.' },
    ] },
    { id: '9b6b0f38-92a2-41f9-b881-3a1083d99f1b', name: 'Run Utilities And POSIX Commands', group: 'Dockerfile' },
    { id: 'f2daed12-c802-49cd-afed-fe41d0b82fed', name: 'Same Alias In Different Froms', group: 'Dockerfile', disagreements: [
      { kind: 'placement', cases: ['assets/queries/dockerfile/same_alias_in_different_froms/test/positive.dockerfile@4>7'], reason: 'We report the second stage of the name, the duplicate (as BuildKit\'s DuplicateStageName); KICS points at the first.' },
    ] },
    { id: 'efbf148a-67e9-42d2-ac47-02fa1c0d0b22', name: 'Shell Running A Pipe Without Pipefail Flag', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/shell_running_a_pipe_without_pipefail_flag/test/positive.dockerfile@3'], reason: '`RUN ["/bin/bash", "./some_output", "|", "./some_script"]` is the exec form: `|` is a literal argument, no pipe runs.' },
      { kind: 'verdict', cases: ['assets/queries/dockerfile/shell_running_a_pipe_without_pipefail_flag/test/negative.dockerfile'], reason: "`RUN pwsh SOME_CMD | SOME_OTHER_CMD` runs in the default `/bin/sh -c`, which makes the pipe; its status is the last command's, so a failing `pwsh` goes unseen." },
    ] },
    { id: '71bf8cf8-f0a1-42fa-b9d2-d10525e0a38e', name: 'UNIX Ports Out Of Range', group: 'Dockerfile' },
    { id: 'd3499f6d-1651-41bb-a9a7-de925fea487b', name: 'Unpinned Package Version in Apk Add', group: 'Dockerfile' },
    { id: '02d9c71f-3ee8-4986-9c27-1a20d0d19bfc', name: 'Unpinned Package Version in Pip Install', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/unpinned_package_version_in_pip_install/test/positive1.dockerfile@3'], reason: '`pip install --user pip` updates the installer itself; CGD116 leaves pip, setuptools and wheel alone (their version does not change what the application runs).' },
    ] },
    { id: '9bae49be-0aa3-4de5-bab2-4c3a069e40cd', name: 'Update Instruction Alone', group: 'Dockerfile', disagreements: [
      { kind: 'placement', cases: ['assets/queries/dockerfile/update_instruction_alone/test/positive1.dockerfile@3>2', 'assets/queries/dockerfile/update_instruction_alone/test/positive3.dockerfile@3>2', 'assets/queries/dockerfile/update_instruction_alone/test/positive6.dockerfile@3>2', 'assets/queries/dockerfile/update_instruction_alone/test/positive7.dockerfile@3>2'], reason: 'We point at the index refresh that stands alone in its RUN (line 2: `apk update`, `apt update`, `pacman -Syu`, `apt-get update`), the RUN to merge into the install; KICS points at the install after it. CGD105 also reports a lone refresh that no install follows (dead weight in its layer), which it can only report at the refresh; Checkov\'s CKV_DOCKER_5 names the update instruction too.' },
      { kind: 'verdict', cases: ['assets/queries/dockerfile/update_instruction_alone/test/positive2.dockerfile@3', 'assets/queries/dockerfile/update_instruction_alone/test/positive4.dockerfile@3', 'assets/queries/dockerfile/update_instruction_alone/test/positive5.dockerfile@3'], reason: "zypper, yum and dnf check the age of their cached metadata whenever they install and download it again once expired (zypper for repositories with autorefresh on, as the distribution's own are; yum and dnf after `metadata_expire`), so a cached `zypper refresh`, `yum update` or `dnf update` layer cannot make a later install read stale indexes as a cached `apt-get update`, `apk update` or `pacman -Sy` layer does. (`yum update` and `dnf update` upgrade the installed system, CGD114's concern.)" },
      { kind: 'verdict', cases: ['assets/queries/dockerfile/update_instruction_alone/test/negative5.dockerfile'], reason: '`RUN apk update` with no install after it does nothing but leave a package index in its own layer of the image: CGD105 says so ("nothing installs after it … remove it"), a different message from the stale-index one; KICS asks only about a refresh that an install follows.' },
    ] },
    { id: 'b16e8501-ef3c-44e1-a543-a093238099c9', name: 'Using Platform Flag with FROM Command', group: 'Dockerfile' },
    { id: '68a51e22-ae5a-4d48-8e87-b01a323605c9', name: 'Using Unnamed Build Stages', group: 'Dockerfile' },
    { id: '6b376af8-cfe8-49ab-a08d-f32de23661a4', name: 'WORKDIR Path Not Absolute', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/workdir_path_not_absolute/test/positive.dockerfile@5'], reason: "The relative `WORKDIR workdir` follows `WORKDIR /path/to/workdir`, so it resolves to a directory the file fixes, not one the base image chooses. CGD123 is BuildKit's WorkdirRelativePath, whose own test keeps this case clean; Docker's best-practice guide recommends absolute paths throughout \"for clarity\", but a relative WORKDIR after an absolute one lands in a directory the file fixes: not a defect we report." },
    ] },
    { id: '00481784-25aa-4a55-8633-3136dfcf4f37', name: 'Yum Clean All Missing', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/yum_clean_all_missing/test/positive.dockerfile@12', 'assets/queries/dockerfile/yum_clean_all_missing/test/negative.dockerfile'], reason: 'A continuation line joins the two commands into one: `yum clean all yum -y install` installs nothing, and `yum -y install yum clean all` installs packages named yum, clean and all without cleaning.' },
    ] },
    { id: '6e19193a-8753-436d-8a09-76dcff91bb03', name: 'Yum Install Allows Manual Input', group: 'Dockerfile', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerfile/yum_install_allows_manual_input/test/positive.dockerfile@4'], reason: '`RUN ["sudo yum", "install", "bundler"]` runs an executable named `sudo yum`, which does not exist: the build fails before anything prompts.' },
    ] },
    { id: '6452c424-1d92-4deb-bb18-a03e95d579c4', name: 'Yum install Without Version', group: 'Dockerfile' },
    { id: '562952e4-0348-4dea-9826-44f3a2c6117b', name: 'Zypper Install Without Version', group: 'Dockerfile' },
    { id: '4d9f44c6-2f4a-4317-9bb5-267adbea0232', name: 'Cgroup Not Default', group: 'Compose', notAdopted: 'A custom `cgroup_parent` puts the container in a host cgroup the operator chose, usually on purpose (resource pools); it is not a defect. Resource limits are checked by CGC027, CGC028 and CGC029.' },
    { id: 'ce76b7d0-9e77-464d-b86f-c5c48e03e22d', name: 'Container Capabilities Unrestricted', group: 'Compose', disagreements: [
      { kind: 'placement', cases: ['assets/queries/dockerCompose/container_capabilities_unrestricted/test/positive1.yaml@13>14', 'assets/queries/dockerCompose/container_capabilities_unrestricted/test/positive2.yaml@13>14', 'assets/queries/dockerCompose/container_capabilities_unrestricted/test/positive3.yaml@13>14'], reason: 'We point at the capability that is added (`- all` on line 14, CGC010), the line to change, and report each dangerous entry of a longer list at its own line; KICS points at the `cap_add:` key above it, once for the whole list.' },
    ] },
    { id: '451d79dc-0588-476a-ad03-3c7f0320abb3', name: 'Container Traffic Not Bound To Host Interface', group: 'Compose', disagreements: [
      { kind: 'placement', cases: ['assets/queries/dockerCompose/container_traffic_not_bound_to_host_interface/test/positive1.yaml@11>12', 'assets/queries/dockerCompose/container_traffic_not_bound_to_host_interface/test/positive2.yaml@11>12', 'assets/queries/dockerCompose/container_traffic_not_bound_to_host_interface/test/positive3.yaml@11>13'], reason: 'We point at the port entry published on every interface (line 12, or `published:` in the long syntax), the entry to bind to an address, each one when several are; KICS points at the `ports:` key above them, once for the whole list.' },
    ] },
    { id: '6b610c50-99fb-4ef0-a5f3-e312fd945bc3', name: 'Cpus Not Limited', group: 'Compose', disagreements: [
      { kind: 'placement', cases: ['assets/queries/dockerCompose/cpus_not_limited/test/positive3.yaml@3>7'], reason: 'An empty `deploy:` is one gap, reported once at `deploy:` where the limit goes (line 7, KICS\'s other line for it, where it is caught). KICS reports it twice: its "deploy is not defined" check reads the empty `deploy:` as absent and fires at the service (line 3) besides its "deploy.resources is not defined" check at line 7.' },
    ] },
    { id: '404fde2c-bc4b-4371-9747-7054132ac953', name: 'Default Seccomp Profile Disabled', group: 'Compose' },
    { id: 'd6355c88-1e8d-49e9-b2f2-f8a1ca12c75b', name: 'Docker Socket Mounted In Container', group: 'Compose' },
    { id: '698ed579-b239-4f8f-a388-baa4bcb13ef8', name: 'Healthcheck Not Set', group: 'Compose' },
    { id: '4f31dd9f-2cc3-4751-9b53-67e4af83dac0', name: 'Host Namespace is Shared', group: 'Compose' },
    { id: 'bb9ac4f7-e13b-423d-a010-c74a1bfbe492', name: 'Memory Not Limited', group: 'Compose', disagreements: [
      { kind: 'placement', cases: ['assets/queries/dockerCompose/memory_not_limited/test/positive3.yaml@3>7'], reason: 'An empty `deploy:` is one gap, reported once at `deploy:` where the limit goes (line 7, KICS\'s other line for it, where it is caught). KICS reports it twice: its "deploy is not defined" check reads the empty `deploy:` as absent and fires at the service (line 3) besides its "deploy.resources is not defined" check at line 7.' },
    ] },
    { id: '27fcc7d6-c49b-46e0-98f1-6c082a6a2750', name: 'No New Privileges Not Set', group: 'Compose' },
    { id: '221e0658-cb2a-44e3-b08a-db96a341d6fa', name: 'Pids Limit Not Set', group: 'Compose' },
    { id: 'ae5b6871-7f45-42e0-bb4c-ab300c4d2026', name: 'Privileged Containers Enabled', group: 'Compose' },
    { id: 'bc2908f3-f73c-40a9-8793-c1b7d5544f79', name: 'Privileged Ports Mapped In Container', group: 'Compose', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive2.yaml@11', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive4.yaml@11', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive5.yaml@11', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive7.yaml@11', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive8.yaml@11', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive10.yaml@11', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive11.yaml@11', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive12.yaml@11'], reason: 'Only the container port is below 1024 (`7000:80`, `80`, `127.0.0.1::50`): a server listening on 80 inside its container is ordinary (nginx), needs no privilege on the host, and Docker 20.10+ lets any process in a container bind it. A host port below 1024 is what CGC022 reports.' },
      { kind: 'placement', cases: ['assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive1.yaml@5>6', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive1.yaml@12>13', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive3.yaml@11>12', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive6.yaml@11>12', 'assets/queries/dockerCompose/privileged_ports_mapped_in_container/test/positive9.yaml@11>12'], reason: 'We point at the port entry that publishes the privileged host port (the item, or `published:` in the long syntax), each one when several do; KICS points at the `ports:` key above it, once for the whole list.' },
    ] },
    { id: '2fc99041-ddad-49d5-853f-e35e70a48391', name: 'Restart Policy On Failure Not Set To 5', group: 'Compose', notAdopted: "Five retries is a benchmark's number, not a defect: any bounded `on-failure` count is a valid choice. A missing restart policy is CGC026." },
    { id: '610e266e-6c12-4bca-9925-1ed0cd29742b', name: 'Security Opt Not Set', group: 'Compose', notAdopted: 'KICS wants some `security_opt` set; the options that matter are checked one by one: `no-new-privileges` (CGC013) and unconfined seccomp, AppArmor or SELinux profiles (CGC012). Default seccomp and AppArmor profiles apply without any `security_opt`, so its absence alone is not a defect.' },
    { id: 'baa3890f-bed7-46f5-ab8f-1da8fc91c729', name: 'Shared Host IPC Namespace', group: 'Compose' },
    { id: '071a71ff-f868-47a4-ac0b-3c59e4ab5443', name: 'Shared Host Network Namespace', group: 'Compose' },
    { id: '8af7162d-6c98-482f-868e-0d33fb675ca8', name: 'Shared Host User Namespace', group: 'Compose' },
    { id: '8c978947-0ff6-485c-b0c2-0bfca6026466', name: 'Shared Volumes Between Containers', group: 'Compose', notAdopted: 'Sharing a volume or host folder between services is an ordinary Compose pattern (a web server and its application serving the same files); reporting it would mostly be noise. Mount propagation (CGC047) and sensitive host paths (CGC009) are checked.' },
    { id: '1c1325ff-831d-43a1-973e-839ae57dfcc0', name: 'Volume Has Sensitive Host Directory', group: 'Compose', disagreements: [
      { kind: 'verdict', cases: ['assets/queries/dockerCompose/volume_has_sensitive_host_directory/test/positive1.yaml@11'], reason: '`- /var/lib/backup/data` is an anonymous volume: the path is inside the container and no host directory is mounted.' },
      { kind: 'verdict', cases: ['assets/queries/dockerCompose/volume_has_sensitive_host_directory/test/positive2.yaml@18', 'assets/queries/dockerCompose/volume_has_sensitive_host_directory/test/positive3.yaml@14'], reason: 'Host directories under `/var` other than its system trees (`/var/lib/backup/data`, `/var/data`) are where hosts keep application data; a named volume bound there is judged like a bind mount of it (it would be reported for `/etc`, `/var/run`, `/var/lib/docker`…).' },
    ] },
    { id: 'baa452f0-1f21-4a25-ace5-844e7a5f410d', name: 'Volume Mounted In Multiple Containers', group: 'Compose' },
    { id: 'a88baa34-e2ad-44ea-ad6f-8cac87bc7c71', name: 'Passwords And Secrets', group: 'Common' },
  ]),
};
