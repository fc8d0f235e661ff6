// The binding cache alone (no database): what it remembers, for whom, how much, and that a change
// heard while a load runs keeps the load's answer out of memory.
import { describe, expect, it } from 'vitest';
import { LocalInvalidationBus } from '../cache/invalidation-bus';
import { ManualClock } from '../clock';
import type { Db } from '../db/client';
import { RequestContext } from '../request-context';
import { PartnerBindings } from './partner-binding';

const partner = (clientId: string, tenantId = 1) =>
  new RequestContext('test', tenantId, { kind: 'partner', clientId, clientRecordId: 1, scopes: new Set() }, '127.0.0.1', new ManualClock());
const ctx = partner('partner-a');
/** Only `cached` and `remembering` are used here: they never touch the database themselves. */
const noDatabase = {} as Db;

function cacheOf(maxEntries?: number) {
  const bus = new LocalInvalidationBus();
  return { bus, bindings: new PartnerBindings(noDatabase, bus, maxEntries) };
}

describe('PartnerBindings', () => {
  it('remembers a bound member for its partner and tenant only', async () => {
    const { bindings } = cacheOf();
    await bindings.remembering(ctx, 'user-1', async () => ({ memberId: 7 }));
    expect(bindings.cached(ctx, 'user-1')).toEqual({ memberId: 7, externalUserId: 'user-1', tenantId: 1 });
    expect(bindings.cached(partner('partner-b'), 'user-1')).toBeUndefined();
    expect(bindings.cached(partner('partner-a', 2), 'user-1')).toBeUndefined();
  });

  it('remembers nothing of an unbound user', async () => {
    const { bindings } = cacheOf();
    expect(await bindings.remembering(ctx, 'user-1', async () => null)).toBeNull();
    expect(bindings.cached(ctx, 'user-1')).toBeUndefined();
  });

  it('keys partner and user unambiguously', async () => {
    const { bindings } = cacheOf();
    await bindings.remembering(partner('a","b'), 'c', async () => ({ memberId: 1 }));
    expect(bindings.cached(partner('a'), 'b","c')).toBeUndefined();
  });

  it('forgets a binding on binding-changed', async () => {
    const { bus, bindings } = cacheOf();
    await bindings.remembering(ctx, 'user-1', async () => ({ memberId: 7 }));
    await bindings.remembering(ctx, 'user-2', async () => ({ memberId: 8 }));
    await bus.publish({ kind: 'binding-changed', partnerClientId: 'partner-a', externalUserId: 'user-1' });
    expect(bindings.cached(ctx, 'user-1')).toBeUndefined();
    expect(bindings.cached(ctx, 'user-2')?.memberId).toBe(8);
  });

  it('does not store what a load read before a change it raced', async () => {
    const { bus, bindings } = cacheOf();
    let answer!: (row: { memberId: number }) => void;
    const loading = bindings.remembering(ctx, 'user-1', () => new Promise<{ memberId: number }>((resolve) => (answer = resolve)));
    await bus.publish({ kind: 'binding-changed', partnerClientId: 'partner-a', externalUserId: 'user-1' });
    answer({ memberId: 7 });
    expect(await loading).toEqual({ memberId: 7 });
    expect(bindings.cached(ctx, 'user-1')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const { bindings } = cacheOf(2);
    await bindings.remembering(ctx, 'user-1', async () => ({ memberId: 1 }));
    await bindings.remembering(ctx, 'user-2', async () => ({ memberId: 2 }));
    expect(bindings.cached(ctx, 'user-1')?.memberId).toBe(1); // now more recent than user-2
    await bindings.remembering(ctx, 'user-3', async () => ({ memberId: 3 }));
    expect(bindings.cached(ctx, 'user-2')).toBeUndefined();
    expect(bindings.cached(ctx, 'user-1')?.memberId).toBe(1);
    expect(bindings.cached(ctx, 'user-3')?.memberId).toBe(3);
  });

  it('remembers nothing with maxEntries 0', async () => {
    const { bindings } = cacheOf(0);
    await bindings.remembering(ctx, 'user-1', async () => ({ memberId: 1 }));
    expect(bindings.cached(ctx, 'user-1')).toBeUndefined();
  });
});
