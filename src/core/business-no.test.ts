import { describe, expect, it } from 'vitest';
import { BUSINESS_NO_ATTEMPTS, newBusinessNo, withFreshBusinessNumbers } from './business-no';
import { Prisma } from './db/client';

const collision = () => new Prisma.PrismaClientKnownRequestError('Unique constraint failed on the fields: (`bagNo`)', { code: 'P2002', clientVersion: 'test' });

describe('business numbers', () => {
  it('are the prefix, the UTC time to the second and six random digits', () => {
    expect(newBusinessNo('B', new Date(Date.UTC(2026, 10, 26, 9, 8, 7, 654)))).toMatch(/^B20261126090807\d{6}$/);
  });

  it('a write that drew a taken number runs again, up to the attempts; other failures at once', async () => {
    let calls = 0;
    expect(await withFreshBusinessNumbers(async () => (++calls < BUSINESS_NO_ATTEMPTS ? Promise.reject(collision()) : 'written'))).toBe('written');
    expect(calls).toBe(BUSINESS_NO_ATTEMPTS);
    calls = 0;
    await expect(withFreshBusinessNumbers(async () => Promise.reject(++calls && collision()))).rejects.toThrow(/Unique constraint/);
    expect(calls).toBe(BUSINESS_NO_ATTEMPTS);
    calls = 0;
    await expect(withFreshBusinessNumbers(async () => Promise.reject(++calls && new Error('not a collision')))).rejects.toThrow('not a collision');
    expect(calls).toBe(1);
  });
});
