// The GitHub Actions document model, shared by workflows (`.github/workflows/*.yml`) and actions (`action.yml`):
// the YAML tree with the parts rules read typed — triggers, permissions, env, jobs, steps (uses, run, with, shell,
// if), every `${{ }}` expression parsed and placed in the file, every bash `run:` script parsed by the shell parser.
import type { Range } from '../../core/types.ts';
import type { Script, Source } from '../dockerfile/types.ts';
import type { LineIndex } from '../line-index.ts';
import type { DuplicateKey, Positions, Str, YMap, YNode, YPair, YScalar } from '../yaml/yaml-tree.ts';
import type { Expr, Expression } from './expression.ts';
import type { UsesRef } from './uses.ts';

/** Where a value sits: keys and sequence indexes from the root (`jobs`, `build`, `steps`, 0, `run`). */
export type KeyPath = readonly (string | number)[];

/** One `${{ }}` of the file, where it is written. */
export interface PlacedExpression {
  expression: Expression;
  /** The scalar holding it. */
  node: YScalar;
  path: KeyPath;
  /** The whole `${{ … }}` in the file. */
  range: Range;
  /** The file range of part of it (a span of `expression`, or of its tree). */
  rangeOf(span: { start: number; end: number }): Range;
  /** The step it belongs to, if any. */
  step?: Step;
  job?: Job;
}

export interface Trigger {
  /** `push`, `pull_request_target`... as written. */
  name: string;
  range: Range;
  /** The event's settings (`branches:`, `types:`...), when a mapping gives them. */
  config?: YNode;
}

export interface RunScript {
  str: Str;
  /** The shell it runs in: the step's `shell`, else the job's or the workflow's `defaults.run.shell`, else bash
   * (pwsh on a runner whose label names Windows). */
  shell: string;
  /** The value mapped to the file. */
  source: Source;
  /** Parsed when the shell is a POSIX one (bash, sh); pwsh, cmd and python scripts are left as text. */
  script?: Script;
}

export interface Step {
  node: YMap;
  /** 0-based index in its list. */
  index: number;
  range: Range;
  /** The list's key path (`jobs.build.steps`, or `runs.steps` in an action). */
  path: KeyPath;
  id?: Str;
  name?: Str;
  uses?: { str: Str; ref: UsesRef };
  run?: RunScript;
  shell?: Str;
  if?: Str;
  with?: YMap;
  env?: YMap;
  /** The job holding it; undefined in an action. */
  job?: Job;
}

export interface Job {
  id: string;
  keyNode: YScalar;
  node: YMap;
  pair: YPair;
  name?: Str;
  needs: Str[];
  permissions?: YPair;
  runsOn?: YNode;
  /** A reusable workflow call (`jobs.<id>.uses`). */
  uses?: { str: Str; ref: UsesRef };
  steps: Step[];
  container?: YNode;
  services?: YNode;
  env?: YMap;
  if?: Str;
  secrets?: YPair;
  timeoutMinutes?: YPair;
}

export interface GhaDoc {
  kind: 'workflow' | 'action';
  pos: Positions;
  index: LineIndex;
  root: YNode | undefined;
  duplicates: DuplicateKey[];
  /** Workflow triggers (`on:`); empty in an action. */
  on: Trigger[];
  /** The `on` key itself, when present. */
  onPair?: YPair;
  permissions?: YPair;
  env?: YMap;
  jobs: Job[];
  /** Every step, of every job (a workflow) or of `runs.steps` (a composite action), in file order. */
  steps: Step[];
  /** Every `${{ }}` expression in the file, in file order. */
  expressions: PlacedExpression[];
  /** Every string scalar in a value position (not keys), in the order of a walk of the tree, collected by the parser's
   * one walk for rules that read every value; undefined when aliases make a node appear twice (such rules then walk
   * the tree themselves). */
  stringValues?: YScalar[];
  /** An action's `runs` mapping. */
  runs?: YMap;
  /** Facts the rules share, computed once per document (`memo`). Kept on the document rather than in module-level
   * weak maps: an entry of a weak map keeps its young key and value alive through minor collections, so every
   * document analysed since the last one was copied again and promoted (8.7 MB per collection on the 98 KB file). */
  memo: Map<object, unknown>;
}

/** A fact of the document made once, under the key of the helper making it (shared: never change it). */
export function memo<T>(doc: GhaDoc, key: object, make: () => T): T {
  let value = doc.memo.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    doc.memo.set(key, value);
  }
  return value;
}

export type { Expr };
