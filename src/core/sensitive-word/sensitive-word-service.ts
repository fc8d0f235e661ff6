// A tenant's sensitive words (SensitiveWordSaveVO) and the checks built on them: `validateText` for
// the console and `assertClean` for services that refuse texts carrying them (notices, content).
// Each tenant's enabled words are compiled once into an Aho-Corasick matcher held in memory; a write
// publishes `sensitive-words-changed`, which drops the tenant's matcher in every process, so a text
// check costs no database query after the first.
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { commonStatusSchema, optionalText, parseInput, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { SensitiveWordMatcher } from './aho-corasick';

const tagSchema = z.string().trim().min(1).max(50);

export const sensitiveWordSaveSchemas = saveShapeSchemas({
  name: z.string().trim().min(1).max(255),
  /** At least one tag: `validateText` filters by tag, and an untagged word could never be singled out. */
  tags: z
    .array(tagSchema)
    .min(1)
    .max(20)
    .transform((tags) => [...new Set(tags)]),
  status: commonStatusSchema,
  description: optionalText(512),
});

export type SensitiveWordSaveInput = SaveShapeInput<z.input<typeof sensitiveWordSaveSchemas.create>>;

export const sensitiveWordPageFilterSchema = z.object({
  name: z.string().max(255).nullish(),
  tag: z.string().max(50).nullish(),
  status: commonStatusSchema.nullish(),
});

export type SensitiveWordPageFilter = z.input<typeof sensitiveWordPageFilterSchema>;

/** Bounds of a `validateText` call: the text, and the tags it is restricted to. */
const validateTextSchema = z.object({
  text: z.string().max(100_000),
  tags: z.array(tagSchema).max(50).nullish(),
});

export interface SensitiveWordRecord {
  id: number;
  name: string;
  tags: string[];
  status: number;
  description: string | null;
  createdAt: Date;
}

const FIELDS = { id: true, name: true, tags: true, status: true, description: true, createdAt: true } as const;
const ENABLED = 0;

/** Tags are a Json column; anything but an array of strings (never written by this service) reads as none. */
function tagsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}

function toRecord(row: { tags: unknown } & Omit<SensitiveWordRecord, 'tags'>): SensitiveWordRecord {
  return { ...row, tags: tagsOf(row.tags) };
}

/** Newest first unless the request asks otherwise. */
export const sensitiveWordPageSort = pageSort({ id: 'id', name: 'name', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class SensitiveWordService {
  /** Compiled matchers per tenant; a pending load is shared by concurrent callers. */
  private readonly matchers = new Map<number, Promise<SensitiveWordMatcher>>();

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {
    bus.subscribe((message) => {
      if (message.kind === 'sensitive-words-changed') this.matchers.delete(message.tenantId);
    }, () => this.matchers.clear());
  }

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  private changed(ctx: RequestContext): Promise<void> {
    return this.bus.publish({ kind: 'sensitive-words-changed', tenantId: tenantIdOf(ctx) });
  }

  async create(ctx: RequestContext, input: SensitiveWordSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(sensitiveWordSaveSchemas.create, input);
    const now = ctx.now();
    try {
      const word = await this.scoped(ctx).sensitiveWord.create({
        data: { ...data, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now },
        select: { id: true },
      });
      await this.changed(ctx);
      return word.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.SENSITIVE_WORD_EXISTS, { name: data.name });
      throw error;
    }
  }

  async update(ctx: RequestContext, input: SensitiveWordSaveInput): Promise<void> {
    const { id, ...data } = parseInput(sensitiveWordSaveSchemas.update, input);
    try {
      const { count } = await this.scoped(ctx).sensitiveWord.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.SENSITIVE_WORD_NOT_FOUND, { sensitiveWordId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.SENSITIVE_WORD_EXISTS, { name: data.name });
      throw error;
    }
    await this.changed(ctx);
  }

  async delete(ctx: RequestContext, sensitiveWordId: number): Promise<void> {
    const { count } = await this.scoped(ctx).sensitiveWord.deleteMany({ where: { id: sensitiveWordId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.SENSITIVE_WORD_NOT_FOUND, { sensitiveWordId });
    await this.changed(ctx);
  }

  /** A word of the caller's tenant; SENSITIVE_WORD_NOT_FOUND otherwise. */
  async get(ctx: RequestContext, sensitiveWordId: number): Promise<SensitiveWordRecord> {
    const word = await this.scoped(ctx).sensitiveWord.findFirst({ where: { id: sensitiveWordId }, select: FIELDS });
    if (!word) throw new ServiceError(ErrorCatalogue.SENSITIVE_WORD_NOT_FOUND, { sensitiveWordId });
    return toRecord(word);
  }

  /**
   * Filters by name (substring), status, and tag (exact, one of the word's tags). Tags live in a
   * Json column that the two databases query differently, so a tag filter pages in memory over the
   * tenant's words, which are few enough (hundreds to a few thousand) and held by the matcher anyway.
   */
  async page(ctx: RequestContext, page: PageRequest, filter: SensitiveWordPageFilter = {}): Promise<{ list: SensitiveWordRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, sensitiveWordPageSort);
    const { name, tag, status } = parseInput(sensitiveWordPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(name ? { name: { contains: name } } : {}),
      ...(status != null ? { status } : {}),
    };
    const db = this.scoped(ctx);
    if (tag) {
      const tagged = (await db.sensitiveWord.findMany({ where, select: FIELDS, orderBy })).map(toRecord).filter((word) => word.tags.includes(tag));
      return { list: tagged.slice(window.skip, window.skip + window.take), total: tagged.length };
    }
    const [list, total] = await Promise.all([db.sensitiveWord.findMany({ where, select: FIELDS, orderBy, ...window }), db.sensitiveWord.count({ where })]);
    return { list: list.map(toRecord), total };
  }

  /** Every tag in use by the tenant's words, sorted. */
  async tags(ctx: RequestContext): Promise<string[]> {
    const rows = await this.scoped(ctx).sensitiveWord.findMany({ select: { tags: true } });
    return [...new Set(rows.flatMap((row) => tagsOf(row.tags)))].sort();
  }

  /**
   * The distinct enabled words found in `text`, in the order of their first occurrence; with
   * non-empty `tags`, only words carrying at least one of them.
   */
  async validateText(ctx: RequestContext, text: string, tags?: readonly string[] | null): Promise<string[]> {
    const input = parseInput(validateTextSchema, { text, tags });
    return this.matches(await this.matcherOf(tenantIdOf(ctx)), input.text, input.tags ?? undefined);
  }

  /**
   * Throws SENSITIVE_WORD_FOUND for the first field (in the given order) holding any of the tenant's
   * enabled words, whatever their tags; null and undefined fields are skipped.
   */
  async assertClean(ctx: RequestContext, fields: Record<string, string | null | undefined>): Promise<void> {
    const matcher = await this.matcherOf(tenantIdOf(ctx));
    for (const [field, text] of Object.entries(fields)) {
      if (!text) continue;
      const words = this.matches(matcher, text);
      if (words.length > 0) throw new ServiceError(ErrorCatalogue.SENSITIVE_WORD_FOUND, { field, words: words.join(', ') });
    }
  }

  private matches(matcher: SensitiveWordMatcher, text: string, tags?: readonly string[]): string[] {
    return matcher
      .validate(text, tags)
      .map((hit) => ({ word: hit.word, start: hit.occurrences[0]?.start ?? 0 }))
      .sort((left, right) => left.start - right.start)
      .map((hit) => hit.word);
  }

  private matcherOf(tenantId: number): Promise<SensitiveWordMatcher> {
    let matcher = this.matchers.get(tenantId);
    if (!matcher) {
      matcher = this.compile(tenantId);
      this.matchers.set(tenantId, matcher);
      // A failed load is not cached: the next check tries again.
      matcher.catch(() => {
        if (this.matchers.get(tenantId) === matcher) this.matchers.delete(tenantId);
      });
    }
    return matcher;
  }

  private async compile(tenantId: number): Promise<SensitiveWordMatcher> {
    const words = await tenantScopedDb(this.db, tenantId).sensitiveWord.findMany({
      where: { status: ENABLED },
      select: { name: true, tags: true },
      orderBy: { id: 'asc' },
    });
    return new SensitiveWordMatcher(words.map((word) => ({ name: word.name, tags: tagsOf(word.tags), enabled: true })));
  }
}
