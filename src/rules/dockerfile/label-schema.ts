// CGD151 (opt-in): the image's labels against a label schema the organisation sets (required keys, value types).
import { createRequire } from 'node:module';
import type { KeyValue } from '../../analyzers/dockerfile/types.ts';
import { dockerfileRef, hadolintRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

const parseSpdx = createRequire(import.meta.url)('spdx-expression-parse') as (expression: string) => unknown;

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** What each type accepts. `text`: anything. */
const TYPES: Readonly<Record<string, (v: string) => boolean>> = {
  text: () => true,
  url: (v) => URL.canParse(v) && /^[a-z][a-z0-9+.-]*:/i.test(v),
  rfc3339: (v) => RFC3339.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T'))),
  spdx: (v) => {
    try {
      parseSpdx(v);
      return true;
    } catch {
      return false;
    }
  },
  // A commit id, abbreviated (7 or more hex digits, as git shows it) or full (SHA-1 or SHA-256).
  hash: (v) => /^[0-9a-f]{7,40}$|^[0-9a-f]{64}$/i.test(v),
  semver: (v) => SEMVER.test(v),
  email: (v) => /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/.test(v),
};

const TYPE_NAMES: Readonly<Record<string, string>> = {
  url: 'a URL', rfc3339: 'an RFC 3339 time', spdx: 'an SPDX license expression', hash: 'a git commit hash', semver: 'a semantic version', email: 'an email address',
};

/** `key:type` entries (a bare key is `text`); entries naming no known type are ignored. */
function schemaOf(entries: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of entries) {
    const at = e.lastIndexOf(':');
    const [key, type] = at > 0 && TYPES[e.slice(at + 1).trim().toLowerCase()] ? [e.slice(0, at).trim(), e.slice(at + 1).trim().toLowerCase()] : [e.trim(), 'text'];
    if (key) out.set(key, type);
  }
  return out;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD151',
    name: 'label-schema',
    target: 'dockerfile',
    title: 'Image labels do not follow the label schema',
    description:
      'Registries, scanners and inventories read provenance from labels (`org.opencontainers.image.source`, ' +
      '`.licenses`, `.revision`); a schema says which the image must carry and what their values look like. ' +
      'Opt-in: set `label_schema` to your own `key:type` list (types: `text`, `url`, `rfc3339`, `spdx`, `hash`, ' +
      '`semver`, `email`) and `strict_labels` to refuse labels outside it. The labels of the final image count ' +
      '(its stage and the stages it builds on); a value from a build argument is checked only when it has a default.',
    severity: 'low',
    severityContext: ['A convention the organisation set for itself: the image works without it.'],
    category: 'maintainability',
    references: ['https://github.com/opencontainers/image-spec/blob/main/annotations.md', dockerfileRef('#label'), hadolintRef('DL3049')],
    remediation: 'Add the missing labels with values of the declared type, or correct the schema in the rule options.',
    equivalents: ['hadolint:DL3049', 'hadolint:DL3050', 'hadolint:DL3052', 'hadolint:DL3053', 'hadolint:DL3054', 'hadolint:DL3055', 'hadolint:DL3056', 'hadolint:DL3058'],
    tags: ['hygiene'],
    options: {
      label_schema: {
        type: 'string[]',
        description: 'The labels the final image must carry, as `key:type` (`org.opencontainers.image.source:url`; a bare key is `text`).',
        default: ['org.opencontainers.image.source:url', 'org.opencontainers.image.licenses:spdx'],
      },
      strict_labels: {
        type: 'boolean',
        description: 'Also report labels the schema does not list.',
        default: false,
      },
    },
    messages: {
      default: 'The image has no "{{key}}" label, which the label schema requires.',
      invalid: 'Label "{{key}}" should be {{type}}.',
      superfluous: 'Label "{{key}}" is not in the label schema.',
    },
    examples: {
      bad: ['FROM alpine:3.20\nLABEL org.opencontainers.image.licenses="Apache 2"\n'],
      good: ['FROM alpine:3.20\nLABEL org.opencontainers.image.source="https://github.com/example/app" \\\n      org.opencontainers.image.licenses="Apache-2.0"\n'],
    },
    optIn: true,
  },
  check(doc, report, ctx) {
    const final = doc.stages[doc.stages.length - 1];
    const schema = schemaOf(ctx.options['label_schema'] as readonly string[]);
    const strict = ctx.options['strict_labels'] === true;
    const labels = new Map<string, KeyValue>();
    // Earliest stage first, so a later LABEL of the same key wins, as in the image. Without FROM (a fragment), the
    // labels it sets, and no stage to say what is missing from.
    const sets = final ? stageChain(final).reverse().map((s) => s.instructions) : [doc.instructions];
    for (const list of sets) for (const instr of list) if (instr.kind === 'LABEL') for (const p of instr.pairs) labels.set(p.key.value, p);
    for (const [key, type] of schema) {
      const label = labels.get(key);
      if (!label) {
        if (final) report({ range: final.from.keyword.range, data: { key } });
        continue;
      }
      const value = label.value;
      if (type === 'text' || !value || value.unresolved.length > 0) continue;
      if (!TYPES[type]!(value.resolved.trim())) report({ range: value.range, messageId: 'invalid', data: { key, type: TYPE_NAMES[type]! } });
    }
    if (strict) for (const [key, label] of labels) if (!schema.has(key)) report({ range: label.key.range, messageId: 'superfluous', data: { key } });
  },
};
