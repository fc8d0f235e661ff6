// The partner contract as a check on every answer: each response an app under test sends from a
// documented /open-api operation (inject and real HTTP alike) is validated against that app's own
// /open-api/openapi.json for its operation and status, with a JSON Schema 2020-12 validator. A
// violation is recorded here, and contract-setup.ts fails the test that received it. A coded error
// (a code other than 0 and the HTTP status) must be one the operation lists in x-business-codes:
// the 200's enum checks the business rejections, and this file the coded errors of other statuses.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

export const OPENAPI_DOCUMENT_URL = '/open-api/openapi.json';
const DOCUMENT_ID = 'openapi.json';

interface Response {
  $ref?: string;
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema?: unknown }>;
}

interface Operation {
  responses?: Record<string, Response>;
  'x-business-codes'?: { code: number; httpStatus: number }[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Response> };
}

export interface Answer {
  method: string;
  /** The route as the document names it: `/open-api/goods/search`. */
  path: string;
  status: number;
  headers: Record<string, unknown>;
  /** The body as sent. */
  body: string;
}

const violations: string[] = [];

/** The violations recorded since the last call, which clears them. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Checks answers against one OpenAPI document. */
export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
  }

  /** Whether the document has the operation (hidden routes and unknown paths are not the contract's). */
  documents(method: string, path: string): boolean {
    return this.document.paths[path]?.[method.toLowerCase()] !== undefined;
  }

  /** What is wrong with an answer of a documented operation; empty when it matches. */
  check(answer: Answer): string[] {
    const method = answer.method.toLowerCase();
    const where = `${answer.method} ${answer.path} ${answer.status}`;
    const operation = this.document.paths[answer.path]?.[method];
    const declared = operation?.responses?.[String(answer.status)];
    if (!declared) return [`${where}: status not documented (body ${answer.body.slice(0, 300)})`];
    const [response, pointer] = this.resolve(declared, `#/paths/${escape(answer.path)}/${method}/responses/${answer.status}`);
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && answer.headers[name.toLowerCase()] === undefined) problems.push(`${where}: header ${name} missing`);
    }
    if (response.content?.['application/json']?.schema !== undefined) {
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        return [...problems, `${where}: body is not JSON: ${answer.body.slice(0, 300)}`];
      }
      const validate = this.validator(`${pointer}/content/application~1json/schema`);
      if (!validate(body)) problems.push(`${where}: ${this.ajv.errorsText(validate.errors)} in ${answer.body.slice(0, 500)}`);
      const code = (body as { code?: unknown } | null)?.code;
      const listed = (operation?.['x-business-codes'] ?? []).some((entry) => entry.code === code && entry.httpStatus === answer.status);
      if (typeof code === 'number' && code !== 0 && code !== answer.status && !listed) {
        problems.push(`${where}: code ${code} is not among the operation's x-business-codes`);
      }
    }
    return problems;
  }

  private resolve(response: Response, pointer: string): [Response, string] {
    const name = response.$ref?.replace('#/components/responses/', '');
    if (name === undefined) return [response, pointer];
    const target = this.document.components?.responses?.[name];
    if (!target) throw new Error(`the document refers to a missing response ${response.$ref}`);
    return [target, `#/components/responses/${escape(name)}`];
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

/**
 * Validates every answer `app` sends from a documented /open-api operation. Call before the app is
 * ready (it adds a hook), then `start()` once it is: the document is read from the app itself.
 */
export function checkAnswersAgainstContract(app: FastifyInstance): { start(): Promise<void> } {
  let checker: ContractChecker | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.routeOptions.url;
    if (!checker || path === undefined || !checker.documents(request.method, path)) return payload;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (body === undefined) {
      violations.push(`${request.method} ${path} ${reply.statusCode}: a streamed answer, not the documented JSON`);
      return payload;
    }
    violations.push(...checker.check({ method: request.method, path, status: reply.statusCode, headers: reply.getHeaders(), body }));
    return payload;
  });
  return {
    async start() {
      const document = (await app.inject(OPENAPI_DOCUMENT_URL)).json() as OpenApiDocument;
      checker = new ContractChecker(document);
    },
  };
}
