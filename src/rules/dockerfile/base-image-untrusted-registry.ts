// CGD148: a base image from a registry outside the list the organisation trusts (configured).
import { parseImageRef } from '../../analyzers/dockerfile/image.ts';
import type { ImageRef } from '../../analyzers/dockerfile/types.ts';
import type { Range } from '../../core/types.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** `docker.io` for an image without a registry host; hosts compared without case. */
function registryOf(registry: string | undefined): string {
  const r = (registry ?? 'docker.io').toLowerCase();
  return r === 'index.docker.io' || r === 'registry-1.docker.io' ? 'docker.io' : r;
}

/** `ghcr.io` matches itself; `*.example.com` any host under it. */
function trusted(registry: string, list: readonly string[]): boolean {
  return list.some((t) => {
    const p = t.trim().toLowerCase();
    return p === '*' || (p.startsWith('*.') ? registry.endsWith(p.slice(1)) : registry === p);
  });
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD148',
    name: 'base-image-untrusted-registry',
    target: 'dockerfile',
    title: 'Base image from a registry outside the trusted list',
    description:
      'Organisations that mirror or vet their base images allow only some registries; an image pulled from another ' +
      'one bypasses that review. Opt-in: set `trusted_registries` to your own list (by default, the well-known public ' +
      'registries). Images without a registry host are `docker.io`; images copied from (`COPY --from=<image>`) or ' +
      'mounted (`RUN --mount=from=<image>`) are pulled too and checked the same way.',
    severity: 'medium',
    severityContext: ['A policy the organisation set for itself: worth fixing, but the image itself may be fine, so it does not fail the default gate alone.'],
    category: 'supply-chain',
    cwe: ['CWE-829'],
    references: [dockerfileRef('#from'), hadolintRef('DL3026')],
    remediation: 'Pull the base image through a trusted registry (your mirror), or add the registry to `trusted_registries` if it is vetted.',
    equivalents: ['hadolint:DL3026'],
    options: {
      trusted_registries: {
        type: 'string[]',
        description: 'Registry hosts base images may come from (`docker.io`, `ghcr.io`, `*.mycompany.com`); empty: the rule checks nothing. The default lists the well-known public registries.',
        default: ['docker.io', 'ghcr.io', 'quay.io', 'gcr.io', '*.gcr.io', '*.pkg.dev', 'registry.k8s.io', 'mcr.microsoft.com', 'public.ecr.aws', 'registry.access.redhat.com', 'registry.redhat.io', 'registry.gitlab.com', 'docker.elastic.co', 'cgr.dev'],
      },
    },
    messages: { default: 'Base image "{{image}}" comes from {{registry}}, which is not a trusted registry.' },
    examples: {
      bad: ['FROM registry.example.net:5000/base/python:3.12\n'],
      good: ['FROM python:3.12-slim\nFROM ghcr.io/example/tool:1.0\n'],
    },
    optIn: true,
  },
  check(doc, report, ctx) {
    const list = ctx.options['trusted_registries'] as readonly string[];
    if (list.length === 0) return;
    const judge = (image: ImageRef, range: Range) => {
      const registry = registryOf(image.registry);
      if (!trusted(registry, list)) report({ range, data: { image: image.text, registry } });
    };
    for (const stage of doc.stages) {
      const image = stage.image;
      // Stages, `scratch` and names a variable leaves unknown are not pulled from a registry this file names.
      if (!image || image.scratch || image.stage || !stage.imageWord || stage.imageWord.unresolved.length > 0) continue;
      judge(image, stage.imageWord.range);
    }
    // Images pulled by `COPY --from=<image>` and `RUN --mount=…,from=<image>` (a name that is no stage).
    const stages = new Set(doc.stages.flatMap((s) => (s.name ? [s.name.value.toLowerCase()] : [])));
    for (const top of doc.instructions) {
      const instr = top.onbuild ?? top;
      for (const flag of instr.flags) {
        const from = flag.name === 'from' ? flag.value?.resolved : flag.name === 'mount' ? flag.options.find((o) => o.key === 'from')?.value : undefined;
        if (!from || from.includes('$') || /^\d+$/.test(from) || stages.has(from.toLowerCase())) continue;
        judge(parseImageRef(from), flag.range);
      }
    }
  },
};
