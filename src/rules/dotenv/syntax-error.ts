// CGE000: a .env file Compose refuses (reports from the parser). Compose stops at the first error, so a project
// using this file does not start. Messages say what is wrong and where, never what is written there.
import type { Rule } from '../../core/rule.ts';
import type { DotenvDoc } from '../../analyzers/dotenv/types.ts';
import { PRAGMA_MESSAGES } from '../pragma-messages.ts';

export const rule: Rule<DotenvDoc> = {
  meta: {
    id: 'CGE000',
    name: 'syntax-error',
    target: 'dotenv',
    title: '.env file Compose refuses',
    description:
      'Compose reads a `.env` file line by line and refuses the whole file at the first line it cannot read: a ' +
      'variable name holding a character other than letters, digits, `_`, `.`, `-`, `[` and `]`, a name with a ' +
      'space in it, or a quoted value whose quote is never closed (a value may span lines only inside quotes). ' +
      '`docker compose` then fails before starting anything. The finding points at the offending character; it ' +
      'never quotes the line, which may hold a secret. A malformed `# confgate` pragma is reported too.',
    severity: 'high',
    category: 'syntax',
    references: ['https://docs.docker.com/compose/how-tos/environment-variables/variable-interpolation/#env-file-syntax'],
    remediation: 'Write each variable as `NAME=value` on its own line; quote a value holding spaces or `#`, and close the quote.',
    equivalents: [],
    messages: {
      default: 'Compose refuses this file.',
      nameCharacter: 'Compose refuses this file: a variable name can hold only letters, digits, "_", ".", "-", "[" and "]" (is an "=" missing?).',
      nameSpace: 'Compose refuses this file: a variable name cannot contain a space.',
      unterminated: 'Compose refuses this file: this quoted value is never closed.',
      ...PRAGMA_MESSAGES,
    },
    examples: {
      bad: ['POSTGRES_DB=app\nPOSTGRES_PASSWORD="change-me\n'],
      good: ['POSTGRES_DB=app\nPOSTGRES_PASSWORD="change-me"\n'],
    },
  },
  check() {},
};
