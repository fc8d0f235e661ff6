// Dictionaries (DictTypeSaveReqVO, DictDataSaveReqVO): platform-wide, read by every tenant's
// administrators and written by the system tenant only. Data refer to their type by its `type`
// string; renaming a type renames its data with it (the database cascades the update), and a type
// is deleted only once it has no data (the database restricts it too).
import { type Db, Prisma } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { commonStatusSchema, optionalText, parseInput, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import type { RequestContext } from '../request-context';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { z } from '../validation';
import { optionSchema } from '../options/option-sets';

const ENABLED = 0;

/** How the console colours a dictionary entry's tag. */
const typeKeySchema = z.string().trim().min(1).max(100);

export const dictTypeSaveSchemas = saveShapeSchemas({
  name: z.string().trim().min(1).max(100),
  type: typeKeySchema,
  status: commonStatusSchema,
  remark: optionalText(500),
});

export type DictTypeSaveInput = SaveShapeInput<z.input<typeof dictTypeSaveSchemas.create>>;

export const dictDataSaveSchemas = saveShapeSchemas({
  sort: z.number().int(),
  label: z.string().trim().min(1).max(100),
  value: z.string().min(1).max(100),
  dictType: typeKeySchema,
  status: commonStatusSchema,
  colorType: optionSchema('DICT_COLOR_TYPE').nullish(),
  cssClass: optionalText(100),
  remark: optionalText(500),
});

export type DictDataSaveInput = SaveShapeInput<z.input<typeof dictDataSaveSchemas.create>>;

export const dictTypePageFilterSchema = z.object({
  name: z.string().max(100).nullish(),
  type: z.string().max(100).nullish(),
  status: commonStatusSchema.nullish(),
});

export type DictTypePageFilter = z.input<typeof dictTypePageFilterSchema>;

export const dictDataPageFilterSchema = z.object({
  dictType: z.string().max(100).nullish(),
  label: z.string().max(100).nullish(),
  status: commonStatusSchema.nullish(),
});

export type DictDataPageFilter = z.input<typeof dictDataPageFilterSchema>;

export interface DictTypeRecord {
  id: number;
  name: string;
  type: string;
  status: number;
  remark: string | null;
  createdAt: Date;
}

export interface DictDataRecord {
  id: number;
  sort: number;
  label: string;
  value: string;
  dictType: string;
  status: number;
  colorType: string | null;
  cssClass: string | null;
  remark: string | null;
  createdAt: Date;
}

const TYPE_FIELDS = { id: true, name: true, type: true, status: true, remark: true, createdAt: true } as const;
const DATA_FIELDS = {
  id: true,
  sort: true,
  label: true,
  value: true,
  dictType: true,
  status: true,
  colorType: true,
  cssClass: true,
  remark: true,
  createdAt: true,
} as const;
const DATA_ORDER = [{ dictType: 'asc' as const }, { sort: 'asc' as const }, { id: 'asc' as const }];
const WRITE_ACTION = 'change dictionaries';

/** P2003: a foreign key refused the statement (a type deleted or renamed meanwhile, or still holding data). */
function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003';
}

/** Newest first unless the request asks otherwise (dictionaries are few). */
export const dictTypePageSort = pageSort({ id: 'id', name: 'name', type: 'type', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

/** By dictionary, sort, then id, unless the request asks otherwise. */
export const dictDataPageSort = pageSort({ id: 'id', label: 'label', value: 'value', sort: 'sort', status: 'status', createTime: 'createdAt' }, DATA_ORDER);

export class DictService {
  constructor(private readonly db: Db) {}

  async createType(ctx: RequestContext, input: DictTypeSaveInput): Promise<number> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const { id: _id, ...data } = parseInput(dictTypeSaveSchemas.create, input);
    const now = ctx.now();
    try {
      return (await this.db.dictType.create({ data: { ...data, createdAt: now, updatedAt: now }, select: { id: true } })).id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.DICT_TYPE_EXISTS, { type: data.type });
      throw error;
    }
  }

  /** A changed `type` string is carried over to the type's data by the database (ON UPDATE CASCADE). */
  async updateType(ctx: RequestContext, input: DictTypeSaveInput): Promise<void> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const { id, ...data } = parseInput(dictTypeSaveSchemas.update, input);
    try {
      const { count } = await this.db.dictType.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.DICT_TYPE_NOT_FOUND, { dictTypeId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.DICT_TYPE_EXISTS, { type: data.type });
      throw error;
    }
  }

  /** Refused while the type has data (the database restricts it too, against data added meanwhile). */
  async deleteType(ctx: RequestContext, dictTypeId: number): Promise<void> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const type = await this.db.dictType.findUnique({ where: { id: dictTypeId }, select: { type: true } });
    if (!type) throw new ServiceError(ErrorCatalogue.DICT_TYPE_NOT_FOUND, { dictTypeId });
    const hasData = async () => {
      const dataCount = await this.db.dictData.count({ where: { dictType: type.type } });
      return dataCount > 0 ? new ServiceError(ErrorCatalogue.DICT_TYPE_HAS_DATA, { type: type.type, dataCount }) : undefined;
    };
    const refusal = await hasData();
    if (refusal) throw refusal;
    try {
      await this.db.dictType.deleteMany({ where: { id: dictTypeId } });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw (await hasData()) ?? error;
      throw error;
    }
  }

  async getType(_ctx: RequestContext, dictTypeId: number): Promise<DictTypeRecord> {
    const type = await this.db.dictType.findUnique({ where: { id: dictTypeId }, select: TYPE_FIELDS });
    if (!type) throw new ServiceError(ErrorCatalogue.DICT_TYPE_NOT_FOUND, { dictTypeId });
    return type;
  }

  async typePage(_ctx: RequestContext, page: PageRequest, filter: DictTypePageFilter = {}): Promise<{ list: DictTypeRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, dictTypePageSort);
    const { name, type, status } = parseInput(dictTypePageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(name ? { name: { contains: name } } : {}),
      ...(type ? { type: { contains: type } } : {}),
      ...(status != null ? { status } : {}),
    };
    const [list, total] = await Promise.all([
      this.db.dictType.findMany({ where, select: TYPE_FIELDS, orderBy, ...window }),
      this.db.dictType.count({ where }),
    ]);
    return { list, total };
  }

  /** Enabled types, for pickers. */
  typeSimpleList(_ctx: RequestContext): Promise<DictTypeRecord[]> {
    return this.db.dictType.findMany({ where: { status: ENABLED }, select: TYPE_FIELDS, orderBy: { type: 'asc' } });
  }

  async createData(ctx: RequestContext, input: DictDataSaveInput): Promise<number> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const { id: _id, ...data } = parseInput(dictDataSaveSchemas.create, input);
    await this.assertTypeExists(data.dictType);
    const now = ctx.now();
    try {
      return (await this.db.dictData.create({ data: { ...data, createdAt: now, updatedAt: now }, select: { id: true } })).id;
    } catch (error) {
      throw this.dataWriteError(error, data);
    }
  }

  async updateData(ctx: RequestContext, input: DictDataSaveInput): Promise<void> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const { id, ...data } = parseInput(dictDataSaveSchemas.update, input);
    if (!(await this.db.dictData.findUnique({ where: { id }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.DICT_DATA_NOT_FOUND, { dictDataId: id });
    }
    await this.assertTypeExists(data.dictType);
    try {
      const { count } = await this.db.dictData.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.DICT_DATA_NOT_FOUND, { dictDataId: id });
    } catch (error) {
      throw this.dataWriteError(error, data);
    }
  }

  async deleteData(ctx: RequestContext, dictDataId: number): Promise<void> {
    assertSystemTenant(ctx, WRITE_ACTION);
    const { count } = await this.db.dictData.deleteMany({ where: { id: dictDataId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.DICT_DATA_NOT_FOUND, { dictDataId });
  }

  async getData(_ctx: RequestContext, dictDataId: number): Promise<DictDataRecord> {
    const data = await this.db.dictData.findUnique({ where: { id: dictDataId }, select: DATA_FIELDS });
    if (!data) throw new ServiceError(ErrorCatalogue.DICT_DATA_NOT_FOUND, { dictDataId });
    return data;
  }

  /** dictType matches exactly, label when contained. */
  async dataPage(_ctx: RequestContext, page: PageRequest, filter: DictDataPageFilter = {}): Promise<{ list: DictDataRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, dictDataPageSort);
    const { dictType, label, status } = parseInput(dictDataPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(dictType ? { dictType } : {}),
      ...(label ? { label: { contains: label } } : {}),
      ...(status != null ? { status } : {}),
    };
    const [list, total] = await Promise.all([
      this.db.dictData.findMany({ where, select: DATA_FIELDS, orderBy, ...window }),
      this.db.dictData.count({ where }),
    ]);
    return { list, total };
  }

  /** Enabled data of enabled types (of `dictType` when given), for pickers and the console's caches. */
  dataSimpleList(_ctx: RequestContext, dictType?: string | null): Promise<DictDataRecord[]> {
    return this.db.dictData.findMany({
      where: { status: ENABLED, type: { status: ENABLED }, ...(dictType ? { dictType } : {}) },
      select: DATA_FIELDS,
      orderBy: DATA_ORDER,
    });
  }

  private async assertTypeExists(dictType: string): Promise<void> {
    if (!(await this.db.dictType.findUnique({ where: { type: dictType }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.DICT_DATA_TYPE_UNKNOWN, { dictType });
    }
  }

  private dataWriteError(error: unknown, data: { dictType: string; value: string }): unknown {
    if (isUniqueViolation(error)) return new ServiceError(ErrorCatalogue.DICT_DATA_VALUE_EXISTS, { dictType: data.dictType, value: data.value });
    // The type was deleted or renamed between the check and the write.
    if (isForeignKeyViolation(error)) return new ServiceError(ErrorCatalogue.DICT_DATA_TYPE_UNKNOWN, { dictType: data.dictType });
    return error;
  }
}
