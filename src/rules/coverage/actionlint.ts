// actionlint's rule kinds (the `[kind]` of its messages): its rules' names and the syntax check of its parser.
// Taken from the repository at the commit below; `npm run bench -- peers` compares it with a checkout.
import type { Peer } from './types.ts';

export const actionlint: Peer = {
  tool: 'actionlint',
  title: 'actionlint',
  repository: 'rhysd/actionlint',
  commit: '011a6d15e749bb3f2d771eed9c7aa0e7e3e10ee7',
  listSource: 'rule_*.go (each rule\'s name) and the parser\'s syntax-check (error.go)',
  casePaths: ['rule_*.go', 'error.go', 'testdata/err', 'testdata/ok'],
  rules: [
    { id: 'action', name: 'Checks for popular actions released on GitHub, local actions, and action calls at "uses:"' },
    { id: 'credentials', name: 'Checks for credentials in "services:" configuration' },
    { id: 'deprecated-commands', name: 'Checks for deprecated "set-output", "save-state", "set-env", and "add-path" commands at "run:"' },
    { id: 'env-var', name: 'Checks for environment variables configuration at "env:"' },
    { id: 'events', name: 'Checks for workflow trigger events at "on:"' },
    { id: 'expression', name: 'Syntax and semantics checks for expressions embedded with ${{ }}' },
    { id: 'glob', name: 'Checks for glob syntax used in branch names, tags, and paths' },
    { id: 'id', name: 'Checks for duplication and naming convention of job/step IDs' },
    { id: 'if-cond', name: 'Checks for if: conditions which are always true/false' },
    { id: 'job-needs', name: 'Checks for job IDs in "needs:". Undefined IDs and cyclic dependencies are checked' },
    { id: 'matrix', name: 'Checks for matrix combinations in "matrix:"' },
    { id: 'permissions', name: 'Checks for permissions configuration in "permissions:". Permission names and permission scopes are checked' },
    { id: 'pyflakes', name: 'Checks for Python script when "shell: python" is configured using Pyflakes', notAdopted: 'Linting Python inside workflows is a Python linter\'s job; we parse and check shell scripts only.' },
    { id: 'runner-label', name: 'Checks for GitHub-hosted and preset self-hosted runner labels in "runs-on:"' },
    { id: 'shell-name', name: 'Checks for shell names used for scripts in "run:"' },
    { id: 'shellcheck', name: 'Checks for shell script sources in "run:" using shellcheck', notAdopted: 'Running ShellCheck itself (a Haskell program) is out of our single-process service; its hundreds of generic shell checks are a shell linter\'s job. We parse every bash run: script and check what matters in a workflow: injections (CGW001), environment-file writes (CGW024), deprecated commands (CGW014), plain-http downloads (CGW054), ad hoc packages (CGW056), secrets on command lines (CGW058), pipelines the default shell does not fail (CGW062).' },
    { id: 'syntax-check', name: 'Checks for GitHub Actions workflow syntax' },
    { id: 'workflow-call', name: 'Checks for reusable workflow calls. Inputs and outputs of called reusable workflow are checked' },
  ],
};
