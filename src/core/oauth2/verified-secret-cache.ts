// The token endpoint must take load, but an argon2 verification is deliberately slow. Secrets that
// verified are remembered under a keyed hash of (stored hash, secret): the key lives only in this
// process, so the cache holds nothing that reveals a secret, and a changed secret (a new stored
// hash) can never match an old entry. Only successes are remembered: wrong secrets are endless and
// would push the good entries out (PartnerAuth bounds how many of them are ever verified).
import { createHmac, randomBytes } from 'node:crypto';
import { verifySecret } from '../security/password-hash';

const MAX_ENTRIES = 10_000;

export class VerifiedSecretCache {
  private readonly key = randomBytes(32);
  /** Digests of verified (stored hash, secret) pairs; a Set keeps insertion order, so the oldest goes first. */
  private readonly verified = new Set<string>();

  /** Number of verified pairs remembered. */
  get size(): number {
    return this.verified.size;
  }

  private digest(storedHash: string, secret: string): string {
    return createHmac('sha256', this.key).update(storedHash).update('\0').update(secret).digest('base64url');
  }

  /** True when this secret verified against this stored hash before: no key derivation. */
  isKnown(storedHash: string, secret: string): boolean {
    return this.verified.has(this.digest(storedHash, secret));
  }

  /** The full argon2 verification; a success is remembered. */
  async verify(storedHash: string, secret: string): Promise<boolean> {
    const result = await verifySecret(storedHash, secret);
    if (result) {
      if (this.verified.size >= MAX_ENTRIES) this.verified.delete(this.verified.values().next().value as string);
      this.verified.add(this.digest(storedHash, secret));
    }
    return result;
  }
}
