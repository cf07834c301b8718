// Helpers the project rules share: the rule type, reading a service's settings through same-file `extends`,
// and what the image a build produces declares (the built stage and the stages it is built FROM).
import type { Service } from '../../analyzers/compose/model.ts';
import type { DWord, Instruction, Stage } from '../../analyzers/dockerfile/types.ts';
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

export interface ExposedPort {
  start: number;
  end: number;
  protocol: string;
  word: DWord;
}

/** Ports the image EXPOSEs; `known` is false when a word's value is not known (an unset variable, a typo). */
export function exposedPorts(stage: Stage): { ports: ExposedPort[]; known: boolean } {
  const ports: ExposedPort[] = [];
  let known = true;
  for (const instr of imageInstructions(stage, 'EXPOSE')) {
    for (const word of instr.args) {
      const m = /^(\d{1,5})(?:-(\d{1,5}))?(?:\/(\w+))?$/.exec(word.resolved);
      if (!m || word.unresolved.length > 0) known = false;
      else ports.push({ start: Number(m[1]), end: Number(m[2] ?? m[1]), protocol: (m[3] ?? 'tcp').toLowerCase(), word });
    }
  }
  return { ports, known };
}

/** Whether a port range (with its protocol) lies inside one of the exposed ranges. */
export function covers(exposed: readonly ExposedPort[], port: { start: number; end: number }, protocol: string): boolean {
  return exposed.some((e) => e.protocol === protocol && e.start <= port.start && port.end <= e.end);
}
