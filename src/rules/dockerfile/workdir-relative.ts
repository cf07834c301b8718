// CGD123: a relative WORKDIR before any absolute one: the directory depends on the base image.
import type { Instruction } from '../../analyzers/dockerfile/types.ts';
import { buildCheckRef, dockerfileRef, hadolintRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** `/app`, `C:\app`, `C:/app`, `\app`: absolute on Linux or Windows. */
const ABSOLUTE = /^(\/|\\|[A-Za-z]:[\\/])/;

function isAbsolute(instr: Instruction): boolean | undefined {
  const w = instr.args[0];
  // A path whose start comes from an unknown variable (`$APP_HOME/x`) may well be absolute.
  if (!w || w.unresolved.length > 0) return undefined;
  // `WORKDIR "C:\"`: the backslash before the closing quote is the path's (a Windows drive), whatever the quoting makes of it.
  return ABSOLUTE.test(w.resolved) || /^["']?[A-Za-z]:[\\/]/.test(w.raw);
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD123',
    name: 'workdir-relative',
    target: 'dockerfile',
    title: 'Relative WORKDIR without an absolute one before it',
    description:
      'A relative WORKDIR is resolved against the working directory the base image happens to set. When the base ' +
      'image changes its WORKDIR (or you switch base images), files silently land somewhere else. Once a stage has ' +
      'set an absolute WORKDIR, relative ones after it are fine.',
    severity: 'low',
    severityContext: [
      'Works as long as the base image keeps its WORKDIR; a maintenance risk.',
      'hadolint rates it an error and Trivy high; the build is not broken.',
    ],
    category: 'reliability',
    references: [buildCheckRef('workdir-relative-path'), hadolintRef('DL3000'), dockerfileRef('#workdir')],
    remediation: 'Start from an absolute path: `WORKDIR /app`.',
    equivalents: ['buildkit:WorkdirRelativePath', 'hadolint:DL3000', 'trivy:DS009', 'checkov:CKV_DOCKER_10', 'kics:6b376af8-cfe8-49ab-a08d-f32de23661a4'],
    messages: { default: 'WORKDIR `{{dir}}` is relative to whatever directory the base image sets; use an absolute path.' },
    examples: {
      bad: ['FROM node:22\nWORKDIR app\n'],
      good: ['FROM node:22\nWORKDIR /app\nWORKDIR src\n'],
    },
  },
  check(doc, report) {
    for (const stage of doc.stages) {
      // An absolute WORKDIR in a stage this one builds on counts too.
      let anchored = stageChain(stage).slice(1).some((s) => s.instructions.some((i) => i.kind === 'WORKDIR' && isAbsolute(i) !== false));
      for (const instr of stage.instructions) {
        if (instr.kind !== 'WORKDIR') continue;
        const absolute = isAbsolute(instr);
        if (absolute === false && !anchored) report({ range: instr.args[0]!.range, data: { dir: instr.args[0]!.value } });
        if (absolute !== false) anchored = true;
      }
    }
    // Instructions before any FROM (a fragment, or a file missing its FROM): nothing anchors them.
    let anchored = false;
    for (const instr of doc.instructions) {
      if (instr.stage || instr.kind !== 'WORKDIR') continue;
      const absolute = isAbsolute(instr);
      if (absolute === false && !anchored) report({ range: instr.args[0]!.range, data: { dir: instr.args[0]!.value } });
      if (absolute !== false) anchored = true;
    }
  },
};
