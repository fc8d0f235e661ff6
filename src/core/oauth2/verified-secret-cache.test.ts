import { describe, expect, it } from 'vitest';
import { hashSecret } from '../security/password-hash';
import { VerifiedSecretCache } from './verified-secret-cache';

describe('VerifiedSecretCache', () => {
  it('knows a secret once it verified, and never a wrong one: failures are not remembered', async () => {
    const cache = new VerifiedSecretCache();
    const storedHash = await hashSecret('the-right-secret');
    expect(cache.isKnown(storedHash, 'the-right-secret')).toBe(false);
    expect(await cache.verify(storedHash, 'the-right-secret')).toBe(true);
    for (let i = 0; i < 5; i++) expect(await cache.verify(storedHash, `wrong-${i}`)).toBe(false);
    expect([cache.isKnown(storedHash, 'the-right-secret'), cache.isKnown(storedHash, 'wrong-0'), cache.size]).toEqual([true, false, 1]);
  });

  it('does not carry a verified secret over to a new stored hash', async () => {
    const cache = new VerifiedSecretCache();
    expect(await cache.verify(await hashSecret('secret'), 'secret')).toBe(true);
    expect(cache.isKnown(await hashSecret('secret'), 'secret')).toBe(false);
  });
});
