// What the content resources (classifications, support info, information, protocol statements)
// share: field bounds, the sensitive-word guard they answer to, and the uuidCode rules. The spec
// states no lengths for these texts; the bounds below are ours and the GraphQL fields say them.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../db/unique-violation';
import type { ErrorDefinition } from '../errors/service-error';
import { ServiceError } from '../errors/service-error';
import type { RequestContext } from '../request-context';
import { z } from '../validation';
import { fieldText } from '../validation-messages';

export const UUID_CODE_MAX = 64;
export const TITLE_MAX = 200;
export const SUMMARY_MAX = 500;
export const CONTENT_MAX = 100_000;
export const COVER_IMG_MAX = 512;

/** Letters, digits, `-` and `_`: a key that stays readable in URLs and references. Unique per tenant and resource. */
export const uuidCodeSchema = z
  .string()
  .max(UUID_CODE_MAX)
  .regex(/^[A-Za-z0-9_-]+$/, fieldText('uuidCodeCharacters'));

/** An optional uuidCode: empty, null or omitted means "none given" (a new record then gets a generated one). */
export const optionalUuidCodeSchema = z.preprocess((value) => (value === '' ? null : value), uuidCodeSchema.nullish());

/** A text that must say something: surrounding blanks are dropped, then 1..max characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

export const sortSchema = z.number().int();

/** The uuidCode of a new record that was given none. */
export const newUuidCode = (): string => randomUUID();

/** Rejects sensitive words in titles and texts (SensitiveWordService.assertClean, the tenant's enabled words). */
export interface TextGuard {
  assertClean(ctx: RequestContext, fields: Record<string, string | null | undefined>): Promise<void>;
}

/** Runs a write whose only unique constraint is (tenantId, uuidCode); a clash answers `exists`. */
export async function writingUuidCode<T>(write: () => Promise<T>, exists: ErrorDefinition, uuidCode: string | undefined): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(exists, { uuidCode: uuidCode ?? '' });
    throw error;
  }
}

/** The (sort, id) order every content list uses. */
export const CONTENT_ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }];
