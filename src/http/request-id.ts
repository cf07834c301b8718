import { randomBytes } from 'node:crypto';

/** Request ids are `req_` + 16 lowercase hex characters (the partner spec's form), for every response. */
export function newRequestId(): string {
  return `req_${randomBytes(8).toString('hex')}`;
}

export const REQUEST_ID_PATTERN = /^req_[0-9a-f]{16}$/;
