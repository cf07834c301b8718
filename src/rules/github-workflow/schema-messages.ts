// What GitHub's schema refuses (src/analyzers/github-workflow/schema.ts), worded once for the workflow and action
// syntax rules (CGW000, CGA000).
export const SCHEMA_MESSAGES = {
  unknownKey: 'Unknown key `{{key}}` here{{hint}}; GitHub refuses the file.',
  caseDuplicate: 'Key `{{key}}` repeats `{{first}}`: GitHub reads keys regardless of case and refuses the file.',
  missingKey: '`{{key}}:` is required here; GitHub refuses the file without it.',
  ambiguous: 'GitHub cannot tell what this is: add one of {{keys}}.',
  unexpectedValue: 'Unexpected value "{{value}}" here; expected {{expected}}.',
  unexpectedKind: '{{what}} is not expected here; expected {{expected}}.',
  expressionNotAllowed: 'A `${{ }}` expression is not allowed here; GitHub refuses the file.',
  unavailableContext: 'Context `{{name}}` is not available here (available: {{available}}); GitHub refuses the file.',
  unavailableFunction: 'Function `{{name}}()` is not available here; GitHub refuses the file.',
  unknownFunction: 'Unknown function `{{name}}()`; GitHub refuses the file.',
  arity: 'Function `{{name}}()` takes {{arity}} argument(s), not {{count}}.',
} as const;
