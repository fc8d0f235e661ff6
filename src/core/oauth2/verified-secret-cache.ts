// The token endpoint must take load, but an argon2 verification is deliberately slow. Verified
// results are remembered under a keyed hash of (stored hash, secret): the key lives only in this
// process, so the cache holds nothing that reveals a secret, and a changed secret (a new stored
// hash) can never match an old entry.
import { createHmac, randomBytes } from 'node:crypto';
import { verifySecret } from '../security/password-hash';

const MAX_ENTRIES = 10_000;

export class VerifiedSecretCache {
  private readonly key = randomBytes(32);
  /** digest -> verification result; Map keeps insertion order, so the oldest entry goes first. */
  private readonly results = new Map<string, boolean>();

  async verify(storedHash: string, secret: string): Promise<boolean> {
    const digest = createHmac('sha256', this.key).update(storedHash).update('\0').update(secret).digest('base64url');
    const known = this.results.get(digest);
    if (known !== undefined) return known;
    const result = await verifySecret(storedHash, secret);
    if (this.results.size >= MAX_ENTRIES) this.results.delete(this.results.keys().next().value as string);
    this.results.set(digest, result);
    return result;
  }
}
