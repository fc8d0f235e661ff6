// Passwords and client secrets are stored as argon2id hashes (the current OWASP recommendation).
// A verification costs ~5 ms of CPU on purpose; callers on hot paths cache verified results.
import { hash, verify } from '@node-rs/argon2';

export function hashSecret(plain: string): Promise<string> {
  return hash(plain);
}

export async function verifySecret(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false; // a malformed stored hash verifies nothing
  }
}
