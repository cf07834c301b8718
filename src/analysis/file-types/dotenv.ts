// .env files: src/analyzers/dotenv/ parses them as Compose does (names only, values skipped), src/rules/dotenv/
// checks their syntax; the project rules judge them against the compose files. Analyzed only when submitted on
// purpose: `discovery: 'named'` keeps them out of every directory search.
import type { FileTypeDescriptor } from '../../core/file-type.ts';
import { detectDotenv } from '../../analyzers/dotenv/detect.ts';
import type { DotenvDoc } from '../../analyzers/dotenv/types.ts';
import { dotenvAnalyzer } from '../../rules/dotenv/index.ts';

export const dotenv: FileTypeDescriptor<DotenvDoc, 'dotenv'> = {
  id: 'dotenv',
  title: '.env file (only when named: never found by directory search)',
  label: '.env file',
  rulesTitle: '.env',
  names: ['.env', '.env.*', '*.env'],
  paths: [],
  discovery: 'named',
  excludedNames: [],
  detect: detectDotenv,
  analyzer: dotenvAnalyzer,
  ruleIdPrefix: 'CGE',
  language: 'shell',
  equivalentTools: [],
  pragmas: [],
};
