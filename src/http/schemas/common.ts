// Schemas shared by many routes. Registered once (`$id`) so the OpenAPI document names them as components.
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import { ERRORS } from '../errors.ts';

export const RequestId = Type.String({ pattern: '^req_[0-9a-f]{16}$', description: '`req_` + 16 lowercase hex characters; also in the X-Request-Id header.' });

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: `One of: ${Object.keys(ERRORS).join(', ')}, or a route-specific code.` }),
      message: Type.String(),
      request_id: RequestId,
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Every error response has this shape.' },
);

export const errorRef = { $ref: 'ErrorEnvelope#' } as const;

/** `{request_id, data}`: the envelope of every successful JSON response. */
export function envelope<T extends TSchema>(data: T, description?: string) {
  return Type.Object({ request_id: RequestId, data }, description ? { description } : {});
}

/** Standard error responses for a route, by status. */
export function errorResponses(...statuses: number[]): Record<number, typeof errorRef> {
  return Object.fromEntries(statuses.map((s) => [s, errorRef]));
}
