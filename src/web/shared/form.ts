// Reading urlencoded form bodies (@fastify/formbody) safely.

/** A form field as a string; anything else (missing, repeated, not a form) is undefined. */
export function field(req: { body: unknown }, name: string): string | undefined {
  const body = req.body;
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
