// Error codes (ErrorCodeSaveReqVO): the catalogue of every code the service answers with, and
// per-language overrides of its messages. An override row replaces the catalogue's template for
// callers asking for its language (Accept-Language), with the same `{param}` names. Overrides are
// platform-wide: read by every tenant's administrators, written by the system tenant only; each write
// publishes `error-messages-changed` so every process reloads its in-memory copy (ErrorMessageStore).
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { optionalText, parseInput, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { CATALOGUE_BY_CODE, ErrorCatalogue } from '../errors/catalogue';
import type { ErrorMessages } from '../errors/describe-error';
import { type ReasonName, refusal } from '../errors/reasons';
import { type ErrorParams, ServiceError } from '../errors/service-error';
import type { ServiceLogger } from '../logger';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import type { RequestContext } from '../request-context';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { z } from '../validation';
import { ErrorMessageStore } from './error-message-store';
import { fieldIssue } from '../validation-messages';

const PARAMETER = /\{(\w+)\}/g;

/** A BCP 47 language tag of at most 10 characters, in its canonical casing (`zh-cn` -> `zh-CN`). */
export const languageTagSchema = z
  .string()
  .trim()
  .min(1)
  .max(10)
  .transform((tag, ctx) => {
    try {
      return Intl.getCanonicalLocales(tag)[0] as string;
    } catch {
      ctx.addIssue({ code: 'custom', ...fieldIssue('languageTag') });
      return z.NEVER;
    }
  })
  .pipe(z.string().max(10));

export const errorCodeSaveSchemas = saveShapeSchemas({
  applicationName: z.string().trim().min(1).max(50),
  code: z.number().int(),
  langType: languageTagSchema,
  message: z.string().trim().min(1).max(500),
  memo: optionalText(500),
});

export type ErrorCodeSaveInput = SaveShapeInput<z.input<typeof errorCodeSaveSchemas.create>>;

export const errorCodePageFilterSchema = z.object({
  applicationName: z.string().max(50).nullish(),
  code: z.number().int().nullish(),
  langType: z.string().max(10).nullish(),
  message: z.string().max(500).nullish(),
});

export type ErrorCodePageFilter = z.input<typeof errorCodePageFilterSchema>;

export interface ErrorCodeRecord {
  id: number;
  applicationName: string;
  code: number;
  langType: string;
  message: string;
  memo: string | null;
  createdAt: Date;
}

export interface ErrorMessageOverride {
  id: number;
  langType: string;
  message: string;
}

export interface CatalogueEntry {
  name: string;
  code: number;
  /** The catalogue's own template (what callers get without an override for their language). */
  message: string;
  httpStatus: number;
  overrides: ErrorMessageOverride[];
}

const FIELDS = { id: true, applicationName: true, code: true, langType: true, message: true, memo: true, createdAt: true } as const;
const WRITE_ACTION = 'change error messages';

/** Why `message` cannot replace `template`: braces other than `{param}`, or a parameter the template lacks. */
function messageProblem(message: string, template: string): { reason: ReasonName; params: ErrorParams } | undefined {
  const known = new Set(Array.from(template.matchAll(PARAMETER), (match) => match[1]));
  const unknown = Array.from(message.matchAll(PARAMETER), (match) => match[1] as string).find((name) => !known.has(name));
  if (unknown !== undefined) {
    if (known.size === 0) return { reason: 'messageParameterUnknownNoneAllowed', params: { parameter: unknown } };
    return { reason: 'messageParameterUnknown', params: { parameter: unknown, allowed: [...known].map((name) => `{${name}}`).join(', ') } };
  }
  if (/[{}]/.test(message.replace(PARAMETER, ''))) return { reason: 'messageBraces', params: { name: '{name}' } };
  return undefined;
}

/** By code, then language, unless the request asks otherwise (overrides are few). */
export const errorCodePageSort = pageSort({ id: 'id', code: 'code', langType: 'langType', applicationName: 'applicationName', createTime: 'createdAt' }, [{ code: 'asc' }, { langType: 'asc' }]);

export class ErrorCodeService {
  /** The overrides in memory; `messages` is what error answers consult. */
  private readonly store: ErrorMessageStore;

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
    logger: ServiceLogger,
  ) {
    this.store = new ErrorMessageStore(() => db.errorCode.findMany({ select: { code: true, langType: true, message: true } }), bus, logger);
  }

  /** The per-language override lookup of describeError; no I/O. */
  get messages(): ErrorMessages {
    return this.store.lookup;
  }

  /** Loads the overrides (at start-up). */
  start(): Promise<void> {
    return this.store.start();
  }

  async create(ctx: RequestContext, input: ErrorCodeSaveInput): Promise<number> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const { id: _id, ...data } = this.checked(parseInput(errorCodeSaveSchemas.create, input));
    const now = ctx.now();
    let id: number;
    try {
      ({ id } = await this.db.errorCode.create({ data: { ...data, createdAt: now, updatedAt: now }, select: { id: true } }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.ERROR_CODE_OVERRIDE_EXISTS, { code: data.code, langType: data.langType });
      throw error;
    }
    await this.changed();
    return id;
  }

  async update(ctx: RequestContext, input: ErrorCodeSaveInput): Promise<void> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const { id, ...data } = this.checked(parseInput(errorCodeSaveSchemas.update, input));
    try {
      const { count } = await this.db.errorCode.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.ERROR_CODE_NOT_FOUND, { errorCodeId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.ERROR_CODE_OVERRIDE_EXISTS, { code: data.code, langType: data.langType });
      throw error;
    }
    await this.changed();
  }

  async delete(ctx: RequestContext, errorCodeId: number): Promise<void> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const { count } = await this.db.errorCode.deleteMany({ where: { id: errorCodeId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.ERROR_CODE_NOT_FOUND, { errorCodeId });
    await this.changed();
  }

  async get(_ctx: RequestContext, errorCodeId: number): Promise<ErrorCodeRecord> {
    const row = await this.db.errorCode.findUnique({ where: { id: errorCodeId }, select: FIELDS });
    if (!row) throw new ServiceError(ErrorCatalogue.ERROR_CODE_NOT_FOUND, { errorCodeId });
    return row;
  }

  /** applicationName and message match when contained, code and langType exactly. */
  async page(_ctx: RequestContext, page: PageRequest, filter: ErrorCodePageFilter = {}): Promise<{ list: ErrorCodeRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, errorCodePageSort);
    const { applicationName, code, langType, message } = parseInput(errorCodePageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(applicationName ? { applicationName: { contains: applicationName } } : {}),
      ...(code != null ? { code } : {}),
      ...(langType ? { langType } : {}),
      ...(message ? { message: { contains: message } } : {}),
    };
    const [list, total] = await Promise.all([
      this.db.errorCode.findMany({ where, select: FIELDS, orderBy, ...window }),
      this.db.errorCode.count({ where }),
    ]);
    return { list, total };
  }

  /** Every catalogue code with its template and its overrides, in catalogue order. */
  async catalogue(_ctx: RequestContext): Promise<CatalogueEntry[]> {
    const rows = await this.db.errorCode.findMany({ select: { id: true, code: true, langType: true, message: true }, orderBy: { langType: 'asc' } });
    const overrides = new Map<number, ErrorMessageOverride[]>();
    for (const { code, ...override } of rows) {
      const ofCode = overrides.get(code);
      if (ofCode) ofCode.push(override);
      else overrides.set(code, [override]);
    }
    return [...CATALOGUE_BY_CODE.values()].map(({ name, definition }) => ({
      name,
      code: definition.code,
      message: definition.template,
      httpStatus: definition.httpStatus,
      overrides: overrides.get(definition.code) ?? [],
    }));
  }

  /** Refuses a code outside the catalogue and a message whose parameters its template lacks. */
  private checked<T extends { code: number; message: string }>(input: T): T {
    const entry = CATALOGUE_BY_CODE.get(input.code);
    if (!entry) throw new ServiceError(ErrorCatalogue.ERROR_CODE_UNKNOWN, { code: input.code });
    const problem = messageProblem(input.message, entry.definition.template);
    if (problem) throw refusal(ErrorCatalogue.ERROR_CODE_MESSAGE_INVALID, problem.reason, { ...problem.params, code: input.code });
    return input;
  }

  /** Tells every process, and answers once this one answers with the change. */
  private async changed(): Promise<void> {
    await this.bus.publish({ kind: 'error-messages-changed' });
    await this.store.settled();
  }
}
