// Countries (BasicCountrySaveReqVO), shared by every tenant: any administrator with the permission
// reads them, only the system tenant changes them. The seed fills the table with every ISO 3166-1
// country (seedCountries). status is CommonStatus: 0 enabled, 1 disabled. areaId is the GeoNames
// continent code of countries.ts (AF, AN, AS, EU, NA, OC, SA): there is no area table to refer to.
import { type Db, Prisma } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { MAX_INT32 } from '../order/query-guards';
import { commonStatusSchema, parseInput, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import type { RequestContext } from '../request-context';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { z } from '../validation';
import { COUNTRIES, type CountryArea } from './countries';
import { fieldIssue, fieldText } from '../validation-messages';

export const COUNTRY_AREAS = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const satisfies readonly CountryArea[];

/** CommonStatus of countries and regions. */
export const GeoStatus = { ENABLED: 0, DISABLED: 1 } as const;

export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, fieldText('countryCodeUpperCase'));
const areaSchema = z.string().refine((area) => (COUNTRY_AREAS as readonly string[]).includes(area), fieldIssue('oneOf', { values: COUNTRY_AREAS }));
/** Sort keys fit the 32-bit integer columns of both providers. */
export const sortSchema = z.number().int().min(0).max(MAX_INT32);

export const countrySaveSchemas = saveShapeSchemas({
  enName: z.string().min(1).max(100),
  localName: z.string().min(1).max(100),
  enShortName: countryCodeSchema,
  areaId: areaSchema,
  sort: sortSchema,
  status: commonStatusSchema,
});

export type CountrySaveInput = SaveShapeInput<z.input<typeof countrySaveSchemas.create>>;

export const countryPageFilterSchema = z.object({
  enName: z.string().max(100).nullish(),
  localName: z.string().max(100).nullish(),
  enShortName: z.string().max(2).nullish(),
  areaId: areaSchema.nullish(),
  status: commonStatusSchema.nullish(),
});

export type CountryPageFilter = z.input<typeof countryPageFilterSchema>;

export interface CountryRecord {
  id: number;
  enName: string;
  localName: string;
  enShortName: string;
  areaId: string;
  alpha3: string | null;
  numericCode: string | null;
  callingCode: string | null;
  sort: number;
  status: number;
  createdAt: Date;
}

const COUNTRY_FIELDS = {
  id: true,
  enName: true,
  localName: true,
  enShortName: true,
  areaId: true,
  alpha3: true,
  numericCode: true,
  callingCode: true,
  sort: true,
  status: true,
  createdAt: true,
} as const;

const BY_SORT = [{ sort: 'asc' }, { id: 'asc' }] as const;

/** By sort, then id, unless the request asks otherwise (countries are few). */
export const countryPageSort = pageSort({ id: 'id', enName: 'enName', enShortName: 'enShortName', sort: 'sort', createTime: 'createdAt' }, BY_SORT);

export class CountryService {
  constructor(private readonly db: Db) {}

  async create(ctx: RequestContext, input: CountrySaveInput): Promise<number> {
    assertSystemTenant(ctx, 'change countries');
    const { id: _id, ...data } = parseInput(countrySaveSchemas.create, input);
    const now = ctx.now();
    try {
      const country = await this.db.basicCountry.create({ data: { ...data, createdAt: now, updatedAt: now }, select: { id: true } });
      return country.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.COUNTRY_CODE_EXISTS, { enShortName: data.enShortName });
      throw error;
    }
  }

  async update(ctx: RequestContext, input: CountrySaveInput): Promise<void> {
    assertSystemTenant(ctx, 'change countries');
    const { id, ...data } = parseInput(countrySaveSchemas.update, input);
    try {
      const { count } = await this.db.basicCountry.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.COUNTRY_NOT_FOUND, { countryId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.COUNTRY_CODE_EXISTS, { enShortName: data.enShortName });
      throw error;
    }
  }

  /** Refused while the country has regions (the database restricts it too, against a concurrent create). */
  async delete(ctx: RequestContext, countryId: number): Promise<void> {
    assertSystemTenant(ctx, 'change countries');
    const country = await this.db.basicCountry.findUnique({ where: { id: countryId }, select: { enName: true } });
    if (!country) throw new ServiceError(ErrorCatalogue.COUNTRY_NOT_FOUND, { countryId });
    const hasRegions = async () => {
      const regionCount = await this.db.basicRegion.count({ where: { countryId } });
      return regionCount > 0 ? new ServiceError(ErrorCatalogue.COUNTRY_HAS_REGIONS, { enName: country.enName, regionCount }) : null;
    };
    const refusal = await hasRegions();
    if (refusal) throw refusal;
    try {
      await this.db.basicCountry.deleteMany({ where: { id: countryId } });
    } catch (error) {
      // P2003: a region was created between the count and the delete.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw (await hasRegions()) ?? error;
      throw error;
    }
  }

  async get(_ctx: RequestContext, countryId: number): Promise<CountryRecord> {
    const country = await this.db.basicCountry.findUnique({ where: { id: countryId }, select: COUNTRY_FIELDS });
    if (!country) throw new ServiceError(ErrorCatalogue.COUNTRY_NOT_FOUND, { countryId });
    return country;
  }

  async page(_ctx: RequestContext, page: PageRequest, filter: CountryPageFilter = {}): Promise<{ list: CountryRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, countryPageSort);
    const { enName, localName, enShortName, areaId, status } = parseInput(countryPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(enName ? { enName: { contains: enName } } : {}),
      ...(localName ? { localName: { contains: localName } } : {}),
      ...(enShortName ? { enShortName: { contains: enShortName } } : {}),
      ...(areaId ? { areaId } : {}),
      ...(status != null ? { status } : {}),
    };
    const [list, total] = await Promise.all([
      this.db.basicCountry.findMany({ where, select: COUNTRY_FIELDS, orderBy, ...window }),
      this.db.basicCountry.count({ where }),
    ]);
    return { list, total };
  }

  /** Enabled countries by sort, for pickers. */
  simpleList(_ctx: RequestContext): Promise<CountryRecord[]> {
    return this.db.basicCountry.findMany({ where: { status: GeoStatus.ENABLED }, select: COUNTRY_FIELDS, orderBy: [...BY_SORT] });
  }

  /** Throws unless a country (enabled or not) has this alpha-2 code. */
  async assertCodeExists(_ctx: RequestContext, countryCode: string): Promise<void> {
    if (!(await this.db.basicCountry.findUnique({ where: { enShortName: countryCode }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.COUNTRY_CODE_NOT_FOUND, { countryCode });
    }
  }

  /** Throws unless the country exists. */
  async assertExists(_ctx: RequestContext, countryId: number): Promise<void> {
    if (!(await this.db.basicCountry.findUnique({ where: { id: countryId }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.COUNTRY_NOT_FOUND, { countryId });
    }
  }
}

/**
 * Fills an empty countries table with every ISO 3166-1 country of countries.ts, sorted by code, all
 * enabled. Once the table has rows the seed leaves it alone: staff edits and deletions survive any
 * re-seed (a code ISO assigns later is added by staff).
 */
export async function seedCountries(db: Db, now: Date): Promise<number> {
  if ((await db.basicCountry.count()) > 0) return 0;
  const { count } = await db.basicCountry.createMany({
    data: COUNTRIES.map((country, index) => ({
      enName: country.enName,
      localName: country.localName,
      enShortName: country.alpha2,
      areaId: country.area,
      alpha3: country.alpha3,
      numericCode: country.numeric,
      callingCode: country.callingCode,
      sort: index + 1,
      status: GeoStatus.ENABLED,
      createdAt: now,
      updatedAt: now,
    })),
  });
  return count;
}
