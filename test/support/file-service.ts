// The real service (startService) on a fresh, empty store (createEmptyStore), shared by the tests of one file:
// started in a `before` hook, stopped and its store removed in an `after` hook. Kept out of service.ts, which
// the benchmarks import without node:test or a store.
import { after, before } from 'node:test';
import { startService } from './service.ts';
import type { Service } from './service.ts';
import { createEmptyStore } from './store.ts';

/** Registers the hooks; read `url` inside the tests, once the service has started. `publicUrl` as for startService. */
export function serviceForFile(env: Record<string, string> = {}, publicUrl = false): { readonly url: string } {
  let store: Awaited<ReturnType<typeof createEmptyStore>> | undefined;
  let service: Service | undefined;
  before(async () => {
    store = await createEmptyStore();
    service = await startService({ ...store.env, ...env }, undefined, publicUrl);
  });
  after(async () => {
    await service?.stop();
    await store?.remove();
  });
  return {
    get url() {
      if (!service) throw new Error('the service starts in the before hook: read its url inside a test');
      return service.url;
    },
  };
}
