// CGD138: a variable used in an instruction Docker expands (COPY, ENV, LABEL, WORKDIR…) that the stage never
// defines, so it silently becomes empty.
import { variableReferenceRange } from '../../analyzers/dockerfile/query-packages.ts';
import { memoized } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileDoc, DWord, Instruction, Stage } from '../../analyzers/dockerfile/types.ts';
import { buildCheckRef, dockerfileRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** Instructions whose arguments Docker substitutes (FROM has its own rule: undefined-arg-in-from). */
const EXPANDED = new Set(['ADD', 'COPY', 'ENV', 'ARG', 'LABEL', 'EXPOSE', 'STOPSIGNAL', 'USER', 'VOLUME', 'WORKDIR']);
/** Predefined build arguments and variables every image has. */
const BUILTIN = /^(https?_proxy|ftp_proxy|no_proxy|all_proxy|HTTPS?_PROXY|FTP_PROXY|NO_PROXY|ALL_PROXY|(TARGET|BUILD)(PLATFORM|OS|ARCH|VARIANT)|BUILDKIT_\w+|SOURCE_DATE_EPOCH|PATH)$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

function expandedWords(instr: Instruction): DWord[] {
  const words: DWord[] = [];
  for (const f of instr.flags) if (f.value) words.push(f.value);
  if (instr.kind === 'ENV' || instr.kind === 'ARG' || instr.kind === 'LABEL') {
    // Docker substitutes the keys of ENV and LABEL too (`LABEL com.example.$KIND=x`), not those of ARG.
    for (const p of instr.pairs) {
      if (instr.kind !== 'ARG') words.push(p.key);
      if (p.value) words.push(p.value);
    }
  } else for (const w of instr.args) words.push(w);
  return words;
}

/** Where else the name is declared: before the first FROM, or in a stage this one does not build on. */
function declaredElsewhere(doc: DockerfileDoc, stage: Stage, name: string): string | undefined {
  if (doc.globalArgs.has(name)) return 'global';
  const declaring = memoized(doc, stagesDeclaring).get(name);
  if (!declaring) return undefined;
  const chain = stageChain(stage);
  const other = declaring.find((s) => !chain.includes(s));
  return other ? `stage ${other.name?.value ?? other.index}` : undefined;
}

/** For each ARG/ENV name, the stages declaring it, in file order (computed once per document). */
function stagesDeclaring(doc: DockerfileDoc): Map<string, Stage[]> {
  const out = new Map<string, Stage[]>();
  for (const s of doc.stages) {
    for (const i of s.instructions) {
      if (i.kind !== 'ARG' && i.kind !== 'ENV') continue;
      for (const p of i.pairs) {
        const list = out.get(p.key.value);
        if (!list) out.set(p.key.value, [s]);
        else if (list[list.length - 1] !== s) list.push(s);
      }
    }
  }
  return out;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD138',
    name: 'undefined-variable',
    target: 'dockerfile',
    title: 'Variable used but not defined in the stage',
    description:
      'Docker substitutes `$VAR` in COPY, ADD, ENV, LABEL, WORKDIR, USER, EXPOSE and VOLUME from the ARG and ENV ' +
      'values of the current stage; an undefined variable silently becomes the empty string (`COPY app-$VERSION.jar` ' +
      'copies `app-.jar`). The classic cause is an ARG declared before FROM, which is not visible inside a stage ' +
      'until it is declared again. Because the base image may set environment variables this file cannot see, ' +
      'only variables declared elsewhere in the file, likely typos, and variables of `scratch`-based stages are ' +
      'reported.',
    severity: 'medium',
    severityContext: [
      'An undefined variable silently becomes empty: a real bug in this context (a wrong path or value), should fix.',
      'A `rm -rf $TYPO/` that deletes the root filesystem is CGD064, high.',
    ],
    category: 'correctness',
    references: [buildCheckRef('undefined-var'), dockerfileRef('#understand-how-arg-and-from-interact'), dockerfileRef('#environment-replacement')],
    remediation: 'Declare the variable in the stage that uses it (`ARG VERSION` after FROM re-imports a global ARG), or fix the name.',
    equivalents: ['buildkit:UndefinedVar'],
    messages: {
      default: '`${{name}}` is not defined in this stage and expands to an empty string.',
      global: '`${{name}}` is an ARG declared before FROM: inside a stage it is empty until redeclared with `ARG {{name}}`.',
      stage: '`${{name}}` is declared in {{where}}, not in this stage: declare it here (ARG/ENV) or it expands to an empty string.',
      typo: '`${{name}}` is not defined in this stage; did you mean `${{suggestion}}`?',
      later: '`${{name}}` is used before its ARG/ENV in this stage: here it expands to an empty string; declare it first.',
    },
    examples: {
      bad: ['ARG VERSION=1.2.3\nFROM alpine:3.20\nLABEL org.opencontainers.image.version=$VERSION\n'],
      good: ['ARG VERSION=1.2.3\nFROM alpine:3.20\nARG VERSION\nLABEL org.opencontainers.image.version=$VERSION\n'],
    },
  },
  check(doc, report) {
    for (const stage of doc.stages) {
      let scratchBased: boolean | undefined;
      for (const instr of stage.instructions) {
        if (!EXPANDED.has(instr.kind)) continue;
        for (const word of expandedWords(instr)) {
          if (word.unresolved.length === 0) continue;
          for (const name of new Set(word.unresolved)) {
            if (!NAME.test(name) || instr.env.has(name) || BUILTIN.test(name)) continue;
            const range = variableReferenceRange(word, name);
            const where = declaredElsewhere(doc, stage, name);
            // Declared by this very ENV/ARG (`ENV A=/x B=$A`) is CGD139's case; declared by a later instruction, this one's.
            const declaresHere = (instr.kind === 'ENV' || instr.kind === 'ARG') && instr.pairs.some((p) => p.key.value === name);
            if (declaresHere) continue;
            if (memoized(doc, stagesDeclaring).get(name)?.includes(stage)) report({ range, messageId: 'later', data: { name } });
            else if (where === 'global') report({ range, messageId: 'global', data: { name } });
            else if (where) report({ range, messageId: 'stage', data: { name, where } });
            else {
              // PATH comes from the base image, not this file: a near miss of it (`$PAHT`) is a typo all the same.
              const suggestion = [...instr.env.keys(), 'PATH'].find((k) => k.toLowerCase() === name.toLowerCase() || (name.length > 3 && distance(k, name) <= 2));
              if (suggestion) report({ range, messageId: 'typo', data: { name, suggestion } });
              else if ((scratchBased ??= stageChain(stage).at(-1)?.image?.scratch === true)) report({ range, data: { name } });
            }
          }
        }
      }
    }
  },
};
