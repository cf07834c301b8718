// The document project rules see: every submitted file, parsed once, with its type.
import type { Parsed } from '../core/analyze.ts';
import type { FileType } from '../core/rule.ts';
import type { Detection } from '../analyzers/detect.ts';
import type { DockerfileDoc } from '../analyzers/dockerfile/types.ts';
import type { ComposeDoc } from '../analyzers/compose/model.ts';

interface ProjectFileBase {
  filename: string;
  content: string;
  detection: Detection;
}

export type ProjectFile =
  | (ProjectFileBase & { fileType: 'dockerfile'; parsed: Parsed<DockerfileDoc> })
  | (ProjectFileBase & { fileType: 'compose'; parsed: Parsed<ComposeDoc> });

export interface ProjectDoc {
  files: ProjectFile[];
}

export type { FileType };
