// Helpers the project rules share: the rule type, reading a service's settings through `extends` (in its file
// or across the submitted ones), and what the image a build produces declares (the built stage and the stages it
// is built FROM).
import type { Port } from '../../analyzers/compose/model.ts';
import type { DWord, Instruction, Stage } from '../../analyzers/dockerfile/types.ts';
import type { Rule, RuleMeta } from '../../core/rule.ts';
import type { Range } from '../../core/types.ts';
import type { BuildLink, In, Layer, ProjectDoc } from '../../project/types.ts';
import { usesHostNetwork } from '../compose/support.ts';
import { stageChain } from '../dockerfile/support.ts';

export type ProjectRule = Rule<ProjectDoc>;

/** The examples of the two port-mismatch rules (exposed-port-not-published, published-port-not-exposed): each is the
 * other's mirror, so one project shows both — the port the image EXPOSEs and the one Compose maps differ. */
export const PORT_MISMATCH_EXAMPLES: RuleMeta['examples'] = {
  bad: [[
    { filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports:\n      - "127.0.0.1:8080:8080"\n' },
    { filename: 'Dockerfile', content: 'FROM node:22-slim\nUSER node\nEXPOSE 3000\nCMD ["node", "server.js"]\n' },
  ]],
  good: [[
    { filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports:\n      - "127.0.0.1:8080:3000"\n' },
    { filename: 'Dockerfile', content: 'FROM node:22-slim\nUSER node\nEXPOSE 3000\nCMD ["node", "server.js"]\n' },
  ]],
};

/** A build whose Dockerfile was submitted and whose built stage exists. */
export interface ResolvedBuild extends BuildLink {
  stage: Stage;
}

export function resolvedBuilds(doc: ProjectDoc): ResolvedBuild[] {
  return doc.builds.filter((b): b is ResolvedBuild => b.stage !== undefined);
}

/** The nearest definition (the service's own, then those it extends) that sets `key`: for scalars, the one that counts. */
export function owner(layers: readonly Layer[], key: string): Layer | undefined {
  return layers.find((l) => l.service.node.pairs.some((p) => p.key === key));
}

/** The service's `ports`: Compose appends those of every definition it extends (the farthest first). */
export function servicePorts(layers: readonly Layer[]): In<Port>[] {
  return [...layers].reverse().flatMap((l) => l.service.ports.map((p) => ({ ...p, file: l.compose.filename })));
}

/** `network_mode: host` from the nearest definition that sets it: Compose then ignores `ports`. */
export function onHostNetwork(layers: readonly Layer[]): boolean {
  const l = owner(layers, 'network_mode');
  return l !== undefined && usesHostNetwork(l.service);
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

/** The `once` key of a place in a file. */
export function place(file: string, range: Range): string {
  return `${file}:${range.start_line}:${range.start_column}`;
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
