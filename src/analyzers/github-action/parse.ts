// Actions (`action.yml`) are read into the GitHub Actions model their workflows share
// (src/analyzers/github-workflow/): `runs`, and a composite action's steps.
import type { Parsed } from '../../core/analyze.ts';
import type { GhaDoc } from '../github-workflow/model.ts';
import { parseGha } from '../github-workflow/parse.ts';

export function parseAction(text: string): Parsed<GhaDoc> {
  return parseGha(text, 'action');
}
