// Values that sit where a secret is expected but are not one: the path of a file holding it (`/run/secrets/db`,
// what `*_FILE` variables carry) and public identifiers (an AWS access key id: the secret is the 40-character
// secret access key that goes with it). Shared by the Dockerfile, Compose and project secret rules.

/** An absolute, home- or project-relative file path with no spaces: `/run/secrets/db`, `./secrets/pw.txt`. */
const FILE_PATH = /^(?:~|\.{1,2})?\/[^\s/][^\s]*$/;
/** AWS access key ids (IAM users, STS, roles...): 4-letter prefix and 16 upper-case letters or digits. */
const AWS_KEY_ID = /^(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA)[A-Z0-9]{16}$/;

/** Whether a value found under a secret's name names the secret's file or is a public id, not the secret. */
export function isSecretReference(value: string): boolean {
  const v = value.trim();
  return FILE_PATH.test(v) || AWS_KEY_ID.test(v);
}
