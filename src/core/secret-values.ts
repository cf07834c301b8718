// Values that sit where a secret is expected but are not one: the path of a file holding it (`/run/secrets/db`,
// what `*_FILE` variables carry) and public identifiers (an AWS access key id: the secret is the 40-character
// secret access key that goes with it). Shared by the Dockerfile, Compose and project secret rules; and the token
// formats whose shape alone says a value is a live credential, whatever the variable holding it is called.

/** An absolute, home- or project-relative file path with no spaces: `/run/secrets/db`, `./secrets/pw.txt`. */
const FILE_PATH = /^(?:~|\.{1,2})?\/[^\s/][^\s]*$/;
/** AWS access key ids (IAM users, STS, roles...): 4-letter prefix and 16 upper-case letters or digits. */
const AWS_KEY_ID = /^(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA)[A-Z0-9]{16}$/;

/** Whether a value found under a secret's name names the secret's file or is a public id, not the secret. */
export function isSecretReference(value: string): boolean {
  const v = value.trim();
  return FILE_PATH.test(v) || AWS_KEY_ID.test(v);
}

/** Token formats whose shape alone says they are live credentials (their issuers' documented prefixes and layouts). */
export const TOKEN_FORMATS: readonly (readonly [string, RegExp])[] = [
  ['GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{60,})\b/],
  ['GitLab token', /\bglpat-[A-Za-z0-9_-]{20}\b/],
  ['npm token', /\bnpm_[A-Za-z0-9]{36}\b/],
  ['PyPI token', /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/],
  ['Slack token', /\bxox[baprs]-[A-Za-z0-9-]{10,}/],
  ['Stripe live key', /\b[sr]k_live_[A-Za-z0-9]{20,}\b/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['SendGrid API key', /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/],
  ['Square access token', /\bsq0(?:atp-[0-9A-Za-z_-]{22}|csp-[0-9A-Za-z_-]{43})\b/],
  ['Amazon MWS auth token', /\bamzn\.mws\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/],
  ['Mailchimp API key', /\b[0-9a-f]{32}-us[0-9]{1,2}\b/],
  ['private key', /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/],
];

/** The shortest text any format above matches (a Slack token: `xoxb-` and ten characters). */
const SHORTEST_TOKEN = 15;
/** What every format above needs somewhere in the text: most values hold none of it and skip the eleven tests. */
const ANY_TOKEN = /gh[pousr]_|github_pat_|glpat-|npm_|pypi-|xox[baprs]-|[sr]k_live_|AIza|SG\.|sq0(?:atp|csp)-|amzn\.mws\.|-us[0-9]|-----BEGIN /;

/** The kind of live credential a value holds by its shape (`GitHub token`, `private key`…), if any. */
export function tokenKind(value: string): string | undefined {
  if (value.length < SHORTEST_TOKEN || !ANY_TOKEN.test(value)) return undefined;
  return TOKEN_FORMATS.find(([, re]) => re.test(value))?.[0];
}
