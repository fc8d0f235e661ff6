// The response envelope of every REST answer: {code, data, msg, error_detail}.
import { z } from 'zod';
import { CATALOGUE_BY_CODE } from '../core/errors/catalogue';
import type { ErrorDescription } from '../core/errors/describe-error';
import type { BusinessErrors } from '../core/errors/service-error';

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

/** Where an operation's success schema carries its business codes to the document (document.ts moves them to the operation). */
export const BUSINESS_CODES_KEY = 'x-business-codes';

/** One coded error an operation can answer besides its HTTP errors, as the document lists it. */
export interface BusinessCode {
  code: number;
  /** The catalogue's name of the code (the console's error-code list uses it too). */
  name: string;
  /** The message template; `{name}` parts are filled in the answer's msg. */
  message: string;
  /** 200 for business rejections; the token calls' grant, scope and budget refusals have their HTTP status. */
  httpStatus: number;
}

function businessCodes(errors: BusinessErrors): BusinessCode[] {
  const byCode = new Map(errors.map((definition) => [definition.code, definition]));
  return [...byCode.values()]
    .sort((a, b) => a.code - b.code)
    .map((definition) => {
      const name = CATALOGUE_BY_CODE.get(definition.code)?.name;
      if (name === undefined) throw new Error(`business code ${definition.code} is not in the error-code catalogue`);
      return { code: definition.code, name, message: definition.template, httpStatus: definition.httpStatus };
    });
}

/**
 * The success answer of an operation whose data is `data` (for validation of output and the docs),
 * with the business errors the operation can answer (the document lists them; the suite checks them).
 */
export function envelopeOf<T extends z.ZodType>(data: T, errors: BusinessErrors) {
  return z
    .object({ code: z.literal(0).meta({ type: 'integer' }).describe('0: success'), data, msg: z.string(), error_detail: z.string() })
    .meta({ [BUSINESS_CODES_KEY]: businessCodes(errors) });
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
