// The languages of the platform's apps (SystemLanguageSaveReqVO), shared by every tenant: every
// administrator with the permission reads them, only the system tenant changes them.
//
// Who sees a language: it is enabled (status 0), showFlag is true, the user is whitelisted AND the
// country is whitelisted. A whitelist is a list of entries: ["ALL"] admits everyone (the spec writes
// it `[ALL]`; the literal string "[ALL]" is accepted too and stored as "ALL"), ["12", "34"] admits
// those user ids (or country codes), and [] admits nobody: a language being prepared. ALL is the
// only entry of a list that holds it. A caller without a user id (or country) is admitted by ALL
// only. An omitted whitelist is [] on create and keeps the stored list on update.
import { commonStatusSchema, optionalText, parseInput, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import type { Db, Prisma } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { isCountryAlpha2 } from '../geo/countries';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import type { RequestContext } from '../request-context';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { z } from '../validation';
import { LANGUAGE_CODE_MAX, languageCodeSchema } from './language-code';
import { fieldText, type FieldMessageName } from '../validation-messages';

/** The whitelist entry that admits everyone. */
export const WHITELIST_ALL = 'ALL';
/** How the spec writes it; accepted as ALL. */
const WHITELIST_ALL_AS_WRITTEN = '[ALL]';
export const WHITELIST_MAX_ENTRIES = 1000;
export const LANG_NAME_MAX = 64;

/** One whitelist: entries trimmed, `[ALL]` read as ALL, each ALL or accepted by `entry`, no repeats, ALL alone. */
function whitelistSchema(entry: (value: string) => boolean, refusal: FieldMessageName) {
  return z
    .array(
      z
        .string()
        .trim()
        .transform((value) => (value === WHITELIST_ALL_AS_WRITTEN ? WHITELIST_ALL : value))
        .refine((value) => value === WHITELIST_ALL || entry(value), fieldText(refusal)),
    )
    .max(WHITELIST_MAX_ENTRIES)
    .refine((list) => new Set(list).size === list.length, fieldText('noRepeatedEntry'))
    .refine((list) => !list.includes(WHITELIST_ALL) || list.length === 1, fieldText('allAlone'))
    .nullish();
}

const userIdEntry = (value: string) => /^[1-9]\d{0,18}$/.test(value);
const countryEntry = (value: string) => isCountryAlpha2(value);

export const systemLanguageSaveSchemas = saveShapeSchemas({
  langCode: languageCodeSchema,
  langName: z.string().trim().min(1).max(LANG_NAME_MAX),
  showFlag: z.boolean(),
  whitelistUserIds: whitelistSchema(userIdEntry, 'allOrUserId'),
  whitelistCountries: z.preprocess(
    (list) => (Array.isArray(list) ? list.map((code) => (typeof code === 'string' ? code.toUpperCase() : code)) : list),
    whitelistSchema(countryEntry, 'allOrCountryCode'),
  ),
  sort: z.number().int(),
  status: commonStatusSchema,
  remark: optionalText(500),
});

export type SystemLanguageSaveInput = SaveShapeInput<z.input<typeof systemLanguageSaveSchemas.create>>;

export const systemLanguagePageFilterSchema = z.object({
  langCode: z.string().max(LANGUAGE_CODE_MAX).nullish(),
  langName: z.string().max(LANG_NAME_MAX).nullish(),
  showFlag: z.boolean().nullish(),
  status: commonStatusSchema.nullish(),
});

export type SystemLanguagePageFilter = z.input<typeof systemLanguagePageFilterSchema>;

/** Who asks which languages they see; blank or omitted means unknown (admitted by ALL only). */
const viewerSchema = z.object({
  userId: z.string().trim().max(64).nullish(),
  countryCode: z.string().trim().toUpperCase().max(64).nullish(),
});

export interface SystemLanguageRecord {
  id: number;
  langCode: string;
  langName: string;
  showFlag: boolean;
  whitelistUserIds: string[];
  whitelistCountries: string[];
  sort: number;
  status: number;
  remark: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const ENABLED = 0;
const LANGUAGE_ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }];

type SystemLanguageRow = Omit<SystemLanguageRecord, 'whitelistUserIds' | 'whitelistCountries'> & {
  whitelistUserIds: Prisma.JsonValue;
  whitelistCountries: Prisma.JsonValue;
};

const stringsOf = (value: Prisma.JsonValue): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);

const recordOf = (row: SystemLanguageRow): SystemLanguageRecord => ({
  ...row,
  whitelistUserIds: stringsOf(row.whitelistUserIds),
  whitelistCountries: stringsOf(row.whitelistCountries),
});

/** Whether a whitelist admits `value` (null: an unknown user or country, admitted by ALL only). */
export function whitelistAdmits(list: readonly string[], value: string | null): boolean {
  return list.includes(WHITELIST_ALL) || (value !== null && list.includes(value));
}

/** By sort, then id, unless the request asks otherwise (languages are few). */
export const systemLanguagePageSort = pageSort({ id: 'id', langCode: 'langCode', langName: 'langName', sort: 'sort', status: 'status', createTime: 'createdAt' }, LANGUAGE_ORDER);

export class SystemLanguageService {
  constructor(private readonly db: Db) {}

  async create(ctx: RequestContext, input: SystemLanguageSaveInput): Promise<number> {
    assertSystemTenant(ctx, 'change system languages');
    const { id: _id, ...data } = parseInput(systemLanguageSaveSchemas.create, input);
    const now = ctx.now();
    const created = await this.writing(data.langCode, () =>
      this.db.systemLanguage.create({
        data: { ...data, whitelistUserIds: data.whitelistUserIds ?? [], whitelistCountries: data.whitelistCountries ?? [], createdAt: now, updatedAt: now },
        select: { id: true },
      }),
    );
    return created.id;
  }

  /** Whitelists omitted keep the stored lists ([] empties one). */
  async update(ctx: RequestContext, input: SystemLanguageSaveInput): Promise<void> {
    assertSystemTenant(ctx, 'change system languages');
    const { id, ...data } = parseInput(systemLanguageSaveSchemas.update, input);
    const { count } = await this.writing(data.langCode, () =>
      this.db.systemLanguage.updateMany({
        where: { id },
        data: { ...data, whitelistUserIds: data.whitelistUserIds ?? undefined, whitelistCountries: data.whitelistCountries ?? undefined, updatedAt: ctx.now() },
      }),
    );
    if (count === 0) throw new ServiceError(ErrorCatalogue.SYSTEM_LANGUAGE_NOT_FOUND, { languageId: id });
  }

  async delete(ctx: RequestContext, languageId: number): Promise<void> {
    assertSystemTenant(ctx, 'change system languages');
    const { count } = await this.db.systemLanguage.deleteMany({ where: { id: languageId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.SYSTEM_LANGUAGE_NOT_FOUND, { languageId });
  }

  async get(_ctx: RequestContext, languageId: number): Promise<SystemLanguageRecord> {
    const row = await this.db.systemLanguage.findUnique({ where: { id: languageId } });
    if (!row) throw new ServiceError(ErrorCatalogue.SYSTEM_LANGUAGE_NOT_FOUND, { languageId });
    return recordOf(row);
  }

  /** langCode and langName match when contained. */
  async page(_ctx: RequestContext, page: PageRequest, filter: SystemLanguagePageFilter = {}): Promise<{ list: SystemLanguageRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, systemLanguagePageSort);
    const { langCode, langName, showFlag, status } = parseInput(systemLanguagePageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(langCode ? { langCode: { contains: langCode } } : {}),
      ...(langName ? { langName: { contains: langName } } : {}),
      ...(showFlag != null ? { showFlag } : {}),
      ...(status != null ? { status } : {}),
    };
    const [rows, total] = await Promise.all([
      this.db.systemLanguage.findMany({ where, orderBy, ...window }),
      this.db.systemLanguage.count({ where }),
    ]);
    return { list: rows.map(recordOf), total };
  }

  /** Enabled languages, for pickers (whitelists and showFlag aside). */
  async simpleList(_ctx: RequestContext): Promise<SystemLanguageRecord[]> {
    return (await this.db.systemLanguage.findMany({ where: { status: ENABLED }, orderBy: LANGUAGE_ORDER })).map(recordOf);
  }

  /** The languages a user in a country sees, by sort (see the top of this file). */
  async visibleTo(_ctx: RequestContext, viewer: { userId?: string | null; countryCode?: string | null }): Promise<SystemLanguageRecord[]> {
    const { userId, countryCode } = parseInput(viewerSchema, viewer);
    const languages = (await this.db.systemLanguage.findMany({ where: { status: ENABLED, showFlag: true }, orderBy: LANGUAGE_ORDER })).map(recordOf);
    return languages.filter(
      (language) => whitelistAdmits(language.whitelistUserIds, userId || null) && whitelistAdmits(language.whitelistCountries, countryCode || null),
    );
  }

  private async writing<T>(langCode: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.SYSTEM_LANGUAGE_CODE_EXISTS, { langCode });
      throw error;
    }
  }
}
