// The document project rules see: every submitted file, parsed once, with its type, and every Compose `build`
// linked to the submitted Dockerfile it builds, parsed as that build builds it.
import type { Parsed } from '../core/analyze.ts';
import type { FileType } from '../core/rule.ts';
import type { Range } from '../core/types.ts';
import type { Detection } from '../analyzers/detect.ts';
import type { ParseOptions } from '../analyzers/dockerfile/parse.ts';
import type { DockerfileDoc, Stage } from '../analyzers/dockerfile/types.ts';
import type { Build, ComposeDoc, Service } from '../analyzers/compose/model.ts';

interface ProjectFileBase {
  filename: string;
  content: string;
  detection: Detection;
}

export type DockerfileFile = ProjectFileBase & { fileType: 'dockerfile'; parsed: Parsed<DockerfileDoc> };
export type ComposeFile = ProjectFileBase & { fileType: 'compose'; parsed: Parsed<ComposeDoc> };
export type ProjectFile = DockerfileFile | ComposeFile;

/** What a build passes to `docker build`: literal build args and the target stage (as the parser takes them). */
export interface BuildConfig extends ParseOptions {
  /** Build args with a literal value (interpolated or host-provided ones are unknown and left out). */
  buildArgs: ReadonlyMap<string, string>;
  /** A literal `target`. */
  target?: string;
}

/** One service's `build`, resolved against the submission. */
export interface BuildLink {
  compose: ComposeFile;
  service: Service;
  /** The service's own `build` or the one it inherits through same-file `extends`. */
  build: Build;
  /** The Dockerfile's path in the project (normalised, `/`-separated); absent for a remote context, an inline
   * Dockerfile or a path that comes from interpolation. */
  path?: string;
  /** Where the compose file names the Dockerfile: `dockerfile`, else `context`, else the `build` key. */
  pathRange: Range;
  config: BuildConfig;
  /** The submitted Dockerfile at `path`. */
  dockerfile?: DockerfileFile;
  /** That Dockerfile parsed with this build's args and target. */
  doc?: DockerfileDoc;
  /** The stage the build produces (the target, or the last stage); absent when the target names no stage. */
  stage?: Stage;
}

export interface ProjectDoc {
  files: ProjectFile[];
  builds: BuildLink[];
}

export type { FileType };
