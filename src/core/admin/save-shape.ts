// The administration save shapes (interface.md 2.4) carry an optional id: it must be omitted on
// create and is required on update. One field set, two schemas, so both operations share the bounds.
import { z } from '../validation';

/** A record id (int64 on the wire, a safe positive integer here). */
export const recordIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** CommonStatus: 0 enabled, 1 disabled. */
export const commonStatusSchema = z.number().int().min(0).max(1);

/** An optional text field: null and undefined both mean "not given". */
export const optionalText = (max: number) => z.string().max(max).nullish();

/** A unique array of record ids. */
export const uniqueIdsSchema = (max: number) =>
  z
    .array(recordIdSchema)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id');

/** What create and update accept before validation: the shape's fields with an optional id. */
export type SaveShapeInput<Create> = Omit<Create, 'id'> & { id?: number | null };

export function saveShapeSchemas<Shape extends z.ZodRawShape>(shape: Shape) {
  return {
    create: z.object({ ...shape, id: z.null({ error: 'must be omitted on create' }).optional() }),
    update: z.object({ ...shape, id: recordIdSchema }),
  };
}
