// The administration save shapes (interface.md 2.4) carry an optional id: it must be omitted on
// create and is required on update. One field set, two schemas, so both operations share the bounds.
import { validationError } from '../errors/describe-error';
import { MAX_INT32 } from '../int-bounds';
import { z } from '../validation';
import { optionSchema } from '../options/option-sets';
import { fieldText } from '../validation-messages';

/** A record id: Int64 on the wire, a 32-bit integer column in storage. */
export const recordIdSchema = z.number().int().positive().max(MAX_INT32);

/** CommonStatus: 0 enabled, 1 disabled. */
export const commonStatusSchema = optionSchema('COMMON_STATUS');

/** An optional text field: null and undefined both mean "not given". */
export const optionalText = (max: number) => z.string().max(max).nullish();

/**
 * An optional field backed by a column default: absent or null gives the default on create and
 * keeps the stored value on update (undefined is "not set" to Prisma).
 */
export const optionalWithDefault = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/** A unique array of record ids. */
export const uniqueIdsSchema = (max: number) =>
  z
    .array(recordIdSchema)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, fieldText('noRepeatedId'));

/** What create and update accept before validation: the shape's fields with an optional id. */
export type SaveShapeInput<Create, CreateOnly extends keyof Create = never> = Omit<Create, 'id' | CreateOnly> & { id?: number | null } & {
  [Key in CreateOnly]?: Create[Key] | null;
};

export function saveShapeSchemas<Shape extends z.ZodRawShape, CreateOnly extends z.ZodRawShape = Record<never, z.ZodType>>(shape: Shape, createOnly?: CreateOnly) {
  // Fields set on create only (an initial password): required then, neither required nor read on update.
  const ignoredOnUpdate = Object.fromEntries(Object.keys(createOnly ?? {}).map((key) => [key, z.unknown().optional()])) as {
    [Key in keyof CreateOnly]: z.ZodOptional<z.ZodUnknown>;
  };
  return {
    create: z.object({ ...shape, ...(createOnly ?? ({} as CreateOnly)), id: z.null({ error: fieldText('omittedOnCreate') }).optional() }),
    update: z.object({ ...shape, ...ignoredOnUpdate, id: recordIdSchema }),
  };
}

/** The parsed input, or BAD_REQUEST naming the first bad field (nothing is written before this). */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
