// The token endpoint must take load, but an argon2 verification is deliberately slow. Secrets that
// verified are remembered under a keyed hash of (stored hash, secret): SHA-256 over a random key
// that lives only in this process, then the pair, so the cache holds nothing that reveals a secret
// (digests never leave the process, so the prefix key is as good as an HMAC here, at a third of its
// cost: every token call pays it), and a changed secret (a new stored hash) never matches an old entry. Only successes are remembered: wrong secrets are endless and
// would push the good entries out (PartnerAuth bounds how many of them are ever verified).
import { hash, randomBytes } from 'node:crypto';
import { verifySecret } from '../security/password-hash';

const MAX_ENTRIES = 10_000;

export class VerifiedSecretCache {
  private readonly key = randomBytes(32).toString('base64');
  /** Digests of verified (stored hash, secret) pairs; a Set keeps insertion order, so the oldest goes first. */
  private readonly verified = new Set<string>();

  /** Number of verified pairs remembered. */
  get size(): number {
    return this.verified.size;
  }

  private digest(storedHash: string, secret: string): string {
    return hash('sha256', `${this.key}\0${storedHash}\0${secret}`, 'base64url');
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
