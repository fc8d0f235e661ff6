// Regions of a country (BasicRegionSaveReqVO), shared by every tenant: any administrator with the
// permission reads them, only the system tenant changes them. province is the region's level:
// 1 province or state, 2 city, 3 district. status is CommonStatus: 0 enabled, 1 disabled.
import { type Db, Prisma } from '../db/client';
import { commonStatusSchema, optionalText, parseInput, recordIdSchema, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import type { RequestContext } from '../request-context';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { z } from '../validation';
import { type CountryService, GeoStatus, sortSchema } from './country-service';
import { optionSchema } from '../options/option-sets';

const levelSchema = optionSchema('REGION_LEVEL');

export const regionSaveSchemas = saveShapeSchemas({
  name: z.string().min(1).max(100),
  province: levelSchema,
  regionCode: optionalText(32),
  countryId: recordIdSchema,
  postalCode: optionalText(20),
  status: commonStatusSchema,
  sort: sortSchema,
});

export type RegionSaveInput = SaveShapeInput<z.input<typeof regionSaveSchemas.create>>;

export const regionPageFilterSchema = z.object({
  name: z.string().max(100).nullish(),
  countryId: recordIdSchema.nullish(),
  province: levelSchema.nullish(),
  status: commonStatusSchema.nullish(),
});

export type RegionPageFilter = z.input<typeof regionPageFilterSchema>;

export interface RegionRecord {
  id: number;
  name: string;
  province: number;
  regionCode: string | null;
  countryId: number;
  postalCode: string | null;
  status: number;
  sort: number;
  createdAt: Date;
}

const REGION_FIELDS = {
  id: true,
  name: true,
  province: true,
  regionCode: true,
  countryId: true,
  postalCode: true,
  status: true,
  sort: true,
  createdAt: true,
} as const;

const BY_SORT = [{ sort: 'asc' }, { id: 'asc' }] as const;

const isForeignKeyViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003';

/** By sort, then id, unless the request asks otherwise. */
export const regionPageSort = pageSort({ id: 'id', name: 'name', sort: 'sort', createTime: 'createdAt' }, BY_SORT);

export class RegionService {
  constructor(
    private readonly db: Db,
    private readonly countries: CountryService,
  ) {}

  async create(ctx: RequestContext, input: RegionSaveInput): Promise<number> {
    assertSystemTenant(ctx, 'change regions');
    const { id: _id, ...data } = parseInput(regionSaveSchemas.create, input);
    await this.countries.assertExists(ctx, data.countryId);
    const now = ctx.now();
    try {
      const region = await this.db.basicRegion.create({ data: { ...data, createdAt: now, updatedAt: now }, select: { id: true } });
      return region.id;
    } catch (error) {
      // The country was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw new ServiceError(ErrorCatalogue.COUNTRY_NOT_FOUND, { countryId: data.countryId });
      throw error;
    }
  }

  async update(ctx: RequestContext, input: RegionSaveInput): Promise<void> {
    assertSystemTenant(ctx, 'change regions');
    const { id, ...data } = parseInput(regionSaveSchemas.update, input);
    if (!(await this.db.basicRegion.findUnique({ where: { id }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.REGION_NOT_FOUND, { regionId: id });
    }
    await this.countries.assertExists(ctx, data.countryId);
    try {
      const { count } = await this.db.basicRegion.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.REGION_NOT_FOUND, { regionId: id });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new ServiceError(ErrorCatalogue.COUNTRY_NOT_FOUND, { countryId: data.countryId });
      throw error;
    }
  }

  async delete(ctx: RequestContext, regionId: number): Promise<void> {
    assertSystemTenant(ctx, 'change regions');
    const { count } = await this.db.basicRegion.deleteMany({ where: { id: regionId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.REGION_NOT_FOUND, { regionId });
  }

  async get(_ctx: RequestContext, regionId: number): Promise<RegionRecord> {
    const region = await this.db.basicRegion.findUnique({ where: { id: regionId }, select: REGION_FIELDS });
    if (!region) throw new ServiceError(ErrorCatalogue.REGION_NOT_FOUND, { regionId });
    return region;
  }

  async page(_ctx: RequestContext, page: PageRequest, filter: RegionPageFilter = {}): Promise<{ list: RegionRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, regionPageSort);
    const { name, countryId, province, status } = parseInput(regionPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(name ? { name: { contains: name } } : {}),
      ...(countryId != null ? { countryId } : {}),
      ...(province != null ? { province } : {}),
      ...(status != null ? { status } : {}),
    };
    const [list, total] = await Promise.all([
      this.db.basicRegion.findMany({ where, select: REGION_FIELDS, orderBy, ...window }),
      this.db.basicRegion.count({ where }),
    ]);
    return { list, total };
  }

  /** Enabled regions of an enabled country by sort, for pickers; none for a disabled or unknown country. */
  simpleList(_ctx: RequestContext, countryId: number): Promise<RegionRecord[]> {
    return this.db.basicRegion.findMany({
      where: { countryId, status: GeoStatus.ENABLED, country: { status: GeoStatus.ENABLED } },
      select: REGION_FIELDS,
      orderBy: [...BY_SORT],
    });
  }
}
