// Checks over a list of steps, shared by workflows (per job) and composite actions.
import type { Step } from '../../analyzers/github-workflow/model.ts';
import type { Reporter } from '../../core/rule.ts';

/** Reports every step whose id (compared without case, as GitHub does) an earlier step of the list has. */
export function reportDuplicateStepIds(steps: readonly Step[], report: Reporter): void {
  const seen = new Map<string, number>();
  for (const step of steps) {
    if (!step.id || step.id.value.includes('${{')) continue;
    const key = step.id.value.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) report({ range: step.id.range, data: { id: step.id.value, line: first } });
    else seen.set(key, step.id.range.start_line);
  }
}
