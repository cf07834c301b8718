// `npm run docs:rules`: writes docs/rules/ from rule metadata and removes pages of rules that no longer exist.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderRuleDocs } from '../src/analysis/rule-docs.ts';
import { ALL_RULES } from '../src/analysis/catalogue.ts';

const dir = path.resolve('docs/rules');
mkdirSync(dir, { recursive: true });
const files = renderRuleDocs(ALL_RULES);
for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(path.join(dir, name));
for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
console.log(`docs/rules: ${files.size} files`);
