// The document project rules see: every submitted file, parsed once, with its type; every Compose service with
// the definitions it extends, followed across the submitted compose files; every `build` linked to the
// submitted Dockerfile it builds, parsed as that build builds it; and every `include` path linked to the submitted
// compose file it loads.
import type { Parsed } from '../core/analyze.ts';
import type { Range } from '../core/types.ts';
import type { ParseOptions } from '../analyzers/dockerfile/parse.ts';
import type { DockerfileDoc, Stage } from '../analyzers/dockerfile/types.ts';
import type { ComposeDoc, KeyValue, Service, Str } from '../analyzers/compose/model.ts';
import type { GhaDoc, Job, Step } from '../analyzers/github-workflow/model.ts';
import type { Str as YStr } from '../analyzers/yaml/yaml-tree.ts';
import type { DockerignoreDoc } from '../analyzers/dockerignore/types.ts';
import type { DotenvDoc } from '../analyzers/dotenv/types.ts';

interface ProjectFileBase {
  filename: string;
  content: string;
}

export type DockerfileFile = ProjectFileBase & { fileType: 'dockerfile'; parsed: Parsed<DockerfileDoc> };
export type ComposeFile = ProjectFileBase & { fileType: 'compose'; parsed: Parsed<ComposeDoc> };
/** A GitHub Actions workflow or action. */
export type GhaFile = ProjectFileBase & { fileType: 'github-workflow' | 'github-action'; parsed: Parsed<GhaDoc> };
export type DockerignoreFile = ProjectFileBase & { fileType: 'dockerignore'; parsed: Parsed<DockerignoreDoc> };
/** A .env file: its parse holds names, never values (src/analyzers/dotenv/). */
export type DotenvFile = ProjectFileBase & { fileType: 'dotenv'; parsed: Parsed<DotenvDoc> };
export type ProjectFile = DockerfileFile | ComposeFile | GhaFile | DockerignoreFile | DotenvFile;

/** A build of a submitted Dockerfile and the context it sends (src/project/contexts.ts). */
export interface BuildContext {
  dockerfile: DockerfileFile;
  /** The Dockerfile as this build parses it. */
  doc: DockerfileDoc;
  /** The context's root as a project path (`.` for the submission's root). */
  dir: string;
  /** The compose builds that send this context; none when it is the Dockerfile's own directory (`docker build .`
   * beside it), as for a Dockerfile no compose file builds. */
  builds: BuildLink[];
  /** The ignore file Docker reads for it: the Dockerfile's own `<name>.dockerignore`, else the context's
   * `.dockerignore`; absent when neither was submitted. */
  ignore?: DockerignoreFile;
}

/** What a build passes to `docker build`: literal build args and the target stage (as the parser takes them). */
export interface BuildConfig extends ParseOptions {
  /** Build args with a literal value (interpolated or host-provided ones are unknown and left out). */
  buildArgs: ReadonlyMap<string, string>;
  /** A literal `target`. */
  target?: string;
}

/** A value and the compose file it is written in: through `extends`, that may be another file than the service's. */
export type In<T> = T & { file: string };

/** One definition a service is made of: its own, or one it extends (in its file or another submitted one). */
export interface Layer {
  compose: ComposeFile;
  service: Service;
}

/** Why a service's `extends` chain could not be followed to its end; `at` is the definition whose `extends` stops it. */
export type OpenChain =
  /** `extends.file` names no submitted compose file (`path`: the project path, or the value when remote). */
  | { reason: 'notSubmitted'; at: Layer; path: string }
  /** `extends.file` comes from interpolation. */
  | { reason: 'unresolved'; at: Layer }
  /** The submitted file at `path` defines no such service. */
  | { reason: 'unknownService'; at: Layer; path: string }
  /** The submitted file has syntax errors and shows no such service: its own report says why. */
  | { reason: 'unreadable'; at: Layer }
  /** The chain comes back to a definition it passed; `cycle` lists the loop from that definition on. */
  | { reason: 'cycle'; cycle: Layer[] }
  /** Same-file `extends` of an unknown service or in a loop (the compose file's own CGC043). */
  | { reason: 'sameFile' };

/** A service as Compose runs it: its definition merged over the ones it extends. */
export interface ProjectService {
  compose: ComposeFile;
  service: Service;
  /** The service's own definition, then each one it extends, nearest first. */
  layers: Layer[];
  /** Set when the chain could not be followed to its end: absent keys may then be inherited from what is unseen. */
  open?: OpenChain;
}

/** A service's `build` merged over the definitions it extends (Compose merges `build` key by key, `args` by name). */
export interface EffectiveBuild {
  /** The nearest `build` key. */
  key: In<{ range: Range }>;
  context?: In<Str>;
  dockerfile?: In<Str>;
  dockerfileInline?: In<Str>;
  target?: In<Str>;
  args: In<KeyValue>[];
}

/** One service's `build`, resolved against the submission. */
export interface BuildLink extends ProjectService {
  build: EffectiveBuild;
  /** The Dockerfile's path in the project (normalised, `/`-separated); absent for a remote context, an inline
   * Dockerfile, a path that comes from interpolation, or one an unseen base may decide. */
  path?: string;
  /** Where a compose file names the Dockerfile: `dockerfile`, else `context`, else the `build` key. */
  pathAt: In<{ range: Range }>;
  config: BuildConfig;
  /** The submitted Dockerfile at `path`. */
  dockerfile?: DockerfileFile;
  /** That Dockerfile parsed with this build's args and target. */
  doc?: DockerfileDoc;
  /** The stage the build produces (the target, or the last stage); absent when the target names no stage. */
  stage?: Stage;
}

/** One path of a compose file's `include` entry, resolved against the submission. */
export interface IncludeLink {
  compose: ComposeFile;
  /** The entry's index in the file's `include`: the paths of one entry are merged into one included model. */
  entry: number;
  /** The path's position in its entry: 0 is the base, later paths override it. */
  index: number;
  path: Str;
  /** The project path it names (the value itself when remote); absent when it comes from interpolation. */
  resolved?: string;
  /** The submitted compose file at `resolved`. */
  target?: ComposeFile;
}

/** What an include brings in: the files loaded, all the way down, each once. `complete` is false when a path on the
 * way names no submitted file, or one with syntax errors, so names may be defined where nothing was analyzed. */
export interface IncludedModel {
  files: ComposeFile[];
  complete: boolean;
}

/** One `include` entry: the links of its paths (merged into one model by Compose) and what they bring in. */
export interface IncludeEntry {
  links: IncludeLink[];
  model: IncludedModel;
}

/** A compose file that includes others: its entries, in order, and everything they bring in together. */
export interface Including {
  file: ComposeFile;
  entries: IncludeEntry[];
  model: IncludedModel;
}

/** A build argument a workflow passes (`build-args:` line, `--build-arg` word), where its name is written. */
export interface WorkflowBuildArg {
  key: string;
  range: Range;
}

/** A workflow step that builds from a file of the repository (src/project/workflows.ts). */
export interface WorkflowBuild {
  workflow: GhaFile;
  step: Step;
  /** `docker/build-push-action`, `docker build`, `docker compose`. */
  via: string;
  /** What `path` names: the Dockerfile a build reads, or a compose file `-f` names. */
  kind: 'dockerfile' | 'compose';
  /** The file's project path; absent when it comes from an expression or a variable, or is outside the submission. */
  path?: string;
  /** Where the workflow names it (`file:`, `context:`, `-f X`, the context operand, or `uses:`). */
  at: Range;
  buildArgs: WorkflowBuildArg[];
  /** A literal target stage, where it is written. */
  target?: { value: string; range: Range };
  /** The submitted Dockerfile or compose file at `path`. */
  file?: DockerfileFile | ComposeFile;
}

/** A job calling a reusable workflow of the same repository (`uses: ./.github/workflows/x.yml`). */
export interface WorkflowCall {
  workflow: GhaFile;
  job: Job;
  uses: YStr;
  /** The called workflow's project path. */
  path: string;
  /** The submitted workflow at `path`. */
  target?: GhaFile;
}

/** A compose file and the files Compose merges it with by convention (src/project/overrides.ts): its references
 * are judged against all of them. */
export interface MergeSet {
  file: ComposeFile;
  with: ComposeFile[];
}

export interface ProjectDoc {
  files: ProjectFile[];
  /** Every service of every compose file, in submission order. */
  services: ProjectService[];
  builds: BuildLink[];
  /** Every path of every compose file's `include`, in submission and file order. */
  includes: IncludeLink[];
  /** The compose files that include others, with what they bring in (src/project/includes.ts). */
  including: Including[];
  /** Every build a submitted workflow runs from a repository file, linked to the submitted file it reads. */
  workflowBuilds: WorkflowBuild[];
  /** Every call of a local reusable workflow, linked to the submitted workflow. */
  workflowCalls: WorkflowCall[];
  /** The file type a path's name alone says (as the CLI finds files in a directory), for rules that ask whether a
   * missing file would have been submitted. */
  typeByName: (path: string) => string | undefined;
  /** Overrides beside their base, and bases with an automatic override (src/project/overrides.ts). */
  merges: MergeSet[];
  /** Every build context of a submitted Dockerfile, with its ignore file (src/project/contexts.ts). */
  contexts: BuildContext[];
}
