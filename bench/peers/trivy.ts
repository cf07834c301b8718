// trivy-checks' cases: each check's examples file (checks/docker/<check>.yaml, named by the check's
// `examples:` metadata) lists Dockerfiles under `dockerfile: good:` and `bad:`. The checks' Rego unit tests feed
// parsed JSON, not Dockerfile text, so they are not cases here.
import path from 'node:path';
import { parse } from 'yaml';
import { filesUnder, read } from './checkouts.ts';
import type { Extraction } from './types.ts';

const DIR = 'checks/docker';

export function trivyCases(checkout: string): Extraction {
  const out: Extraction = { cases: [], unread: [] };
  const base = path.join(checkout, DIR);
  for (const file of filesUnder(base).filter((f) => f.endsWith('.rego') && !f.endsWith('_test.rego') && !f.includes('/'))) {
    const rego = read(path.join(base, file));
    const id = /^#\s+id:\s*(DS-?\d+)/m.exec(rego)?.[1];
    const examples = /^#\s+examples:\s*(\S+)/m.exec(rego)?.[1];
    if (!id) continue;
    if (!examples) {
      out.unread.push({ where: `${DIR}/${file}`, why: `${id} has no examples file (only Rego unit tests over parsed input)` });
      continue;
    }
    const doc = parse(read(path.join(checkout, examples))) as { dockerfile?: { good?: unknown[]; bad?: unknown[] } };
    for (const [expect, list] of [['negative', doc.dockerfile?.good], ['positive', doc.dockerfile?.bad]] as const) {
      (list ?? []).forEach((content, i) => {
        const where = `${examples} ${expect === 'positive' ? 'bad' : 'good'}[${i}]`;
        if (typeof content === 'string') out.cases.push({ tool: 'trivy', rule: id, expect, fileType: 'dockerfile', content, where });
        else out.unread.push({ where, why: 'not a Dockerfile text' });
      });
    }
  }
  return out;
}
