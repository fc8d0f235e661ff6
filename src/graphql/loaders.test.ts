import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import type { Core } from '../core/core';
import { RequestContext } from '../core/request-context';
import { defineLoader, RequestLoaders } from './loaders';

const scope = () => ({ core: {} as Core, ctx: new RequestContext('r', 1, { kind: 'anonymous' }, '127.0.0.1', new ManualClock()) });

describe('RequestLoaders', () => {
  it('batches the loads of one tick into one call, in key order, with null for missing keys', async () => {
    const calls: number[][] = [];
    const squares = defineLoader<number, number | null>('squares', async (keys) => {
      calls.push([...keys]);
      return keys.map((key) => (key < 0 ? null : key * key));
    });
    const loaders = new RequestLoaders(scope());
    const values = await Promise.all([3, 1, -1, 2].map((key) => loaders.get(squares).load(key)));
    expect(values).toEqual([9, 1, null, 4]);
    expect(calls).toEqual([[3, 1, -1, 2]]);
  });

  it('gives each request its own loader, and one loader per definition within a request', () => {
    const definition = defineLoader<number, number>('ids', async (keys) => [...keys]);
    const first = new RequestLoaders(scope());
    const second = new RequestLoaders(scope());
    expect(first.get(definition)).toBe(first.get(definition));
    expect(first.get(definition)).not.toBe(second.get(definition));
  });
});
