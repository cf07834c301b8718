// Cross-file rules over a whole project submission, sorted by id.
import type { Rule } from '../../core/rule.ts';
import type { ProjectDoc } from '../../project/types.ts';
import { rule as buildDockerfileNotSubmitted } from './build-dockerfile-not-submitted.ts';

export const projectRules: Rule<ProjectDoc>[] = [buildDockerfileNotSubmitted];
