// Helpers the project rules share: the rule type, reading a service's settings through same-file `extends`,
// and what the image a build produces declares (the built stage and the stages it is built FROM).
import type { Service } from '../../analyzers/compose/model.ts';
import type { Instruction, Stage } from '../../analyzers/dockerfile/types.ts';
import type { Rule } from '../../core/rule.ts';
import type { BuildLink, ProjectDoc } from '../../project/types.ts';
import { stageChain } from '../dockerfile/support.ts';

export type ProjectRule = Rule<ProjectDoc>;

/** A build whose Dockerfile was submitted and whose built stage exists. */
export interface ResolvedBuild extends BuildLink {
  stage: Stage;
}

export function resolvedBuilds(doc: ProjectDoc): ResolvedBuild[] {
  return doc.builds.filter((b): b is ResolvedBuild => b.stage !== undefined);
}

/** The service itself or the nearest same-file base that sets `key` (Compose replaces these keys whole). */
export function owner(service: Service, key: string): Service | undefined {
  return [service, ...service.bases].find((s) => s.node.pairs.some((p) => p.key === key));
}

/** Instructions of the image's configuration: the built stage and the stages it is built on, nearest first. */
export function imageInstructions(stage: Stage, kind: string): Instruction[] {
  return stageChain(stage).flatMap((s) => s.instructions.filter((i) => i.kind === kind).reverse());
}

/** `root`, `0`, `root:…`, `0:…`. */
export function isRootUser(user: string): boolean {
  return /^(?:root|0+)(?::.*)?$/.test(user.trim());
}

/** Findings for the same place reported once, however many services lead to it. */
export function once(): (key: string) => boolean {
  const seen = new Set<string>();
  return (key) => !seen.has(key) && (seen.add(key), true);
}
