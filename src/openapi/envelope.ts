// The response envelope of every REST answer: {code, data, msg, error_detail}.
import { z } from 'zod';
import type { ErrorDescription } from '../core/errors/describe-error';

export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
  error_detail: string;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, data, msg: '', error_detail: '' };
}

export function errorEnvelope(error: ErrorDescription): Envelope<null> {
  return { code: error.code, data: null, msg: error.message, error_detail: error.detail };
}

/** The response schema of an operation whose data is `data` (for validation of output and the docs). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string(), error_detail: z.string() });
}

export const errorEnvelopeSchema = envelopeOf(z.null());
