// The cross-file model of a project: follow Compose `include` and `extends` across the submitted compose files,
// link Compose builds to the submitted Dockerfiles, and decide how each file is read for it. Compose files are
// analyzed first: their builds decide how each Dockerfile is parsed. src/analysis/analyze.ts analyzes the files
// (through `analyze`) and runs the cross-file rules over the model. docs/project-analysis.md records the decisions.
import type { Parsed } from '../core/analyze.ts';
import { parseDockerfile } from '../analyzers/dockerfile/parse.ts';
import type { DockerfileDoc } from '../analyzers/dockerfile/types.ts';
import { ALL_REFERENCES } from '../rules/compose/references.ts';
import { configKey, linkBuilds } from './builds.ts';
import { buildContexts } from './contexts.ts';
import { resolveServices } from './extends.ts';
import { includingFiles, overrideFiles, resolveIncludes } from './includes.ts';
import { conventionalMerges } from './overrides.ts';
import { projectPath } from './paths.ts';
import type { BuildConfig, BuildLink, ComposeFile, DockerfileFile, GhaFile, ProjectDoc, ProjectFile } from './types.ts';
import { workflowBuilds, workflowCalls } from './workflows.ts';

/** A submitted file and the type detection gave it. */
export interface TypedFile {
  filename: string;
  content: string;
  fileType: string;
}

/** How the model needs a file analyzed: parsed another way (a Dockerfile as its build reads it), or without some rules. */
export interface AnalyzeAs {
  parse?: (text: string) => Parsed<unknown>;
  disable?: readonly string[];
}

/** Analyzes the i-th file (again, if it was: the last analysis is the file's report) and answers it parsed. */
export type AnalyzeFile = (index: number, as?: AnalyzeAs) => ProjectFile;

/** The build configuration a Dockerfile's own report uses: the only one the project builds it with, if exactly one. */
function soleConfig(links: readonly BuildLink[], path: string): BuildConfig | undefined {
  const configs = new Map(links.filter((l) => l.path === path).map((l) => [configKey(l.config), l.config]));
  const [only, ...others] = configs.values();
  return others.length === 0 && only && (only.target !== undefined || only.buildArgs.size > 0) ? only : undefined;
}

/** Gives each build the submitted Dockerfile it reads, parsed with its configuration (reusing the file's own parse when equal). */
function attachDockerfiles(links: readonly BuildLink[], dockerfiles: ReadonlyMap<string, { file: DockerfileFile; config?: BuildConfig }>): void {
  const parses = new Map<string, DockerfileDoc>();
  for (const link of links) {
    const entry = link.path === undefined ? undefined : dockerfiles.get(link.path);
    if (!entry) continue;
    link.dockerfile = entry.file;
    const key = configKey(link.config);
    const cacheKey = `${link.path}\n${key}`;
    let doc = configKey(entry.config ?? { buildArgs: new Map() }) === key ? entry.file.parsed.doc : parses.get(cacheKey);
    if (!doc) {
      doc = parseDockerfile(entry.file.content, link.config).doc;
      parses.set(cacheKey, doc);
    }
    link.doc = doc;
    const target = link.config.target?.toLowerCase();
    const stage = target === undefined ? doc.stages[doc.stages.length - 1] : doc.stages.find((s) => s.name?.resolved.toLowerCase() === target);
    if (stage) link.stage = stage;
  }
}

/** Analyzes every file through `analyze`, each as the model needs it, and builds the model over them. */
export function buildProjectModel(files: readonly TypedFile[], analyze: AnalyzeFile, typeByName: (path: string) => string | undefined = () => undefined): ProjectDoc {
  const parsed: ProjectFile[] = [];
  files.forEach((f, i) => {
    if (f.fileType === 'compose') parsed[i] = analyze(i);
  });
  const composeOf = () => parsed.filter((p): p is ComposeFile => p.fileType === 'compose');
  let includes = resolveIncludes(composeOf());
  const merges = conventionalMerges(composeOf());
  // An override merged over an include entry's base, or beside its base by convention, is part of that model: its own
  // report does not judge names the base may define (CGP015 judges them against the whole model).
  const overrides = overrideFiles(includes);
  for (const m of merges) overrides.add(m.file);
  if (overrides.size > 0) {
    const disable = ALL_REFERENCES.map((r) => r.ruleId);
    files.forEach((_, i) => {
      if (overrides.has(parsed[i] as ComposeFile)) parsed[i] = analyze(i, { disable });
    });
    includes = resolveIncludes(composeOf());
    const reanalyzed = new Map(composeOf().map((f) => [f.filename, f]));
    for (const m of merges) {
      m.file = reanalyzed.get(m.file.filename)!;
      m.with = m.with.map((f) => reanalyzed.get(f.filename)!);
    }
  }
  const services = resolveServices(composeOf());
  const links = linkBuilds(services);
  const dockerfiles = new Map<string, { file: DockerfileFile; config?: BuildConfig }>();
  files.forEach((f, i) => {
    if (f.fileType !== 'dockerfile') return;
    const path = projectPath(f.filename);
    const config = soleConfig(links, path);
    const file = analyze(i, config ? { parse: (text) => parseDockerfile(text, config) } : undefined) as DockerfileFile;
    parsed[i] = file;
    dockerfiles.set(path, config ? { file, config } : { file });
  });
  // A file of a type the model does not link is still a file of the project, analyzed as it is.
  files.forEach((_, i) => {
    parsed[i] ??= analyze(i);
  });
  attachDockerfiles(links, dockerfiles);
  const byPath = new Map(parsed.map((p) => [projectPath(p.filename), p]));
  const workflows = parsed.filter((p): p is GhaFile => p.fileType === 'github-workflow');
  const builds = workflows.flatMap(workflowBuilds);
  for (const b of builds) {
    const file = b.path === undefined ? undefined : byPath.get(b.path);
    if (file && file.fileType === (b.kind === 'compose' ? 'compose' : 'dockerfile')) b.file = file as DockerfileFile | ComposeFile;
  }
  const calls = workflows.flatMap(workflowCalls);
  for (const c of calls) {
    const file = byPath.get(c.path);
    if (file?.fileType === 'github-workflow') c.target = file;
  }
  return { files: parsed, services, builds: links, includes, including: includingFiles(includes), workflowBuilds: builds, workflowCalls: calls, typeByName, merges, contexts: buildContexts(parsed, links) };
}
