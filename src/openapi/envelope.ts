// The response envelope of every REST answer: {code, data, msg, error_detail}.
import { z } from 'zod';
import type { ErrorDescription } from '../core/errors/describe-error';

export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
  error_detail: string;
}

export function ok<T>(data: T): Envelope<T> & { code: 0 } {
  return { code: 0, data, msg: '', error_detail: '' };
}

export function errorEnvelope(error: ErrorDescription): Envelope<null> {
  return { code: error.code, data: null, msg: error.message, error_detail: error.detail };
}

/** The success answer of an operation whose data is `data` (for validation of output and the docs). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0).meta({ type: 'integer' }).describe('0: success'), data, msg: z.string(), error_detail: z.string() });
}

/** Every answer that is not a success: HTTP errors, and business rejections answered with HTTP 200. */
export const errorEnvelopeSchema = z
  .object({
    code: z.int().meta({ not: { const: 0 } }).describe('The HTTP status for HTTP errors; a business code of the error-code catalogue for business rejections (HTTP 200)'),
    data: z.null(),
    msg: z.string().describe('What went wrong, naming the field for invalid input'),
    error_detail: z.string(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'An error: code is never 0 and data is null' });
