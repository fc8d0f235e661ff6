/**
 * A call OpenBuy refused: a business rejection (HTTP 200, `code` from the error-code catalogue, e.g.
 * 1030001000 for an externalUserId that is not bound) or an HTTP error (`code` = the HTTP status).
 */
export class OpenBuyError extends Error {
  override readonly name = 'OpenBuyError';

  constructor(
    /** The envelope's code: a business code, or the HTTP status. */
    readonly code: number,
    /** The envelope's msg: what went wrong, naming the field for invalid input. */
    message: string,
    /** The HTTP status of the answer (200 for business rejections). */
    readonly httpStatus: number,
    /** The x-request-id of the answer: quote it when reporting a problem. */
    readonly requestId: string | null,
  ) {
    super(message);
  }

  /** A business rejection rather than an HTTP error. */
  get isBusinessError(): boolean {
    return this.httpStatus === 200;
  }
}

/** The envelope every OpenBuy answer is. */
export interface Envelope {
  code: number;
  data?: unknown;
  msg: string;
}

/** The data of a success, or the refusal as an OpenBuyError. */
export function unwrapEnvelope(body: Envelope | undefined, response: Response): unknown {
  if (body?.code === 0) return body.data;
  const requestId = response.headers.get('x-request-id');
  throw new OpenBuyError(body?.code ?? response.status, body?.msg || `HTTP ${response.status} ${response.statusText}`.trim(), response.status, requestId);
}
