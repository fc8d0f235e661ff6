// Currencies (BasicCurrencySaveReqVO), shared by every tenant: any administrator with the permission
// reads them, only the system tenant changes them. exchangeRate is how many units of the currency one
// CNY (the wallet currency) buys, stored exactly as micro-units (see exchange-rate.ts).
//
// Currencies are a few dozen rows read on every rate lookup: a process reads them whole once and
// answers get, the picker list and live rates from memory; every change publishes currencies-changed
// over the invalidation bus, so this and every other process read them again on next use. The page
// (filters, sorts, counts for the console's list) still reads the table.
import { InvalidatedCache } from '../cache/invalidated-cache';
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { optionalText, optionalWithDefault, parseInput, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import type { RequestContext } from '../request-context';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { z } from '../validation';
import { exchangeRateSchema, rateToNumber } from './exchange-rate';
import { optionSchema } from '../options/option-sets';
import { fieldText } from '../validation-messages';

/** Currency and rate-policy status (interface.md section 3): 1 enabled, 0 disabled. */
export const CurrencyStatus = { DISABLED: 0, ENABLED: 1 } as const;

export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, fieldText('currencyCode'));

export const currencySaveSchemas = saveShapeSchemas({
  name: z.string().min(1).max(50),
  abbreviationCode: currencyCodeSchema,
  exchangeRate: exchangeRateSchema,
  icon: optionalText(500),
  symbol: optionalText(10),
  /** Default 1 (shown). */
  showStatus: optionalWithDefault(optionSchema('SHOW_STATUS')),
  /** Default 1 (enabled). */
  status: optionalWithDefault(optionSchema('ONE_ENABLED_STATUS')),
  /** Default 999 (last). */
  sort: optionalWithDefault(z.number().int().min(1).max(999)),
});

export type CurrencySaveInput = SaveShapeInput<z.input<typeof currencySaveSchemas.create>>;

export const currencyPageFilterSchema = z.object({
  name: z.string().max(50).nullish(),
  abbreviationCode: z.string().max(3).nullish(),
  status: optionSchema('ONE_ENABLED_STATUS').nullish(),
  showStatus: optionSchema('SHOW_STATUS').nullish(),
});

export type CurrencyPageFilter = z.input<typeof currencyPageFilterSchema>;

export interface CurrencyRecord {
  id: number;
  name: string;
  abbreviationCode: string;
  /** Units of this currency per 1 CNY (at most six decimals). */
  exchangeRate: number;
  icon: string | null;
  symbol: string | null;
  showStatus: number;
  status: number;
  sort: number;
  createdAt: Date;
}

const CURRENCY_FIELDS = {
  id: true,
  name: true,
  abbreviationCode: true,
  exchangeRateMicros: true,
  icon: true,
  symbol: true,
  showStatus: true,
  status: true,
  sort: true,
  createdAt: true,
} as const;

type CurrencyRow = Omit<CurrencyRecord, 'exchangeRate'> & { exchangeRateMicros: bigint };

function toRecord({ exchangeRateMicros, ...row }: CurrencyRow): CurrencyRecord {
  return { ...row, exchangeRate: rateToNumber(exchangeRateMicros) };
}

const BY_SORT = [{ sort: 'asc' }, { id: 'asc' }] as const;

/** By sort, then id, unless the request asks otherwise (currencies are few). */
export const currencyPageSort = pageSort({ id: 'id', name: 'name', abbreviationCode: 'abbreviationCode', sort: 'sort', status: 'status', createTime: 'createdAt' }, BY_SORT);

/** The one entry of the currency cache: every currency, by sort. */
const EVERY_CURRENCY = 'every';

export class CurrencyService {
  private readonly cache: InvalidatedCache<typeof EVERY_CURRENCY, CurrencyRow[]>;

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
  ) {
    this.cache = new InvalidatedCache(bus, (message) => (message.kind === 'currencies-changed' ? EVERY_CURRENCY : undefined), 1);
  }

  /** Every currency by sort, from memory once read. */
  private async everyCurrency(): Promise<CurrencyRow[]> {
    return (
      this.cache.get(EVERY_CURRENCY) ??
      this.cache.remember(EVERY_CURRENCY, () => this.db.basicCurrency.findMany({ select: CURRENCY_FIELDS, orderBy: [...BY_SORT] }), (rows) => rows)
    );
  }

  /** After a change is stored: every process reads the currencies again. */
  private changed(): Promise<void> {
    return this.bus.publish({ kind: 'currencies-changed' });
  }

  async create(ctx: RequestContext, input: CurrencySaveInput): Promise<number> {
    assertSystemTenant(ctx, 'change currencies');
    const { id: _id, exchangeRate, ...data } = parseInput(currencySaveSchemas.create, input);
    const now = ctx.now();
    try {
      const currency = await this.db.basicCurrency.create({
        data: { ...data, exchangeRateMicros: exchangeRate, createdAt: now, updatedAt: now },
        select: { id: true },
      });
      await this.changed();
      return currency.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.CURRENCY_CODE_EXISTS, { abbreviationCode: data.abbreviationCode });
      throw error;
    }
  }

  async update(ctx: RequestContext, input: CurrencySaveInput): Promise<void> {
    assertSystemTenant(ctx, 'change currencies');
    const { id, exchangeRate, ...data } = parseInput(currencySaveSchemas.update, input);
    try {
      const { count } = await this.db.basicCurrency.updateMany({
        where: { id },
        data: { ...data, exchangeRateMicros: exchangeRate, updatedAt: ctx.now() },
      });
      if (count === 0) throw new ServiceError(ErrorCatalogue.CURRENCY_NOT_FOUND, { currencyId: id });
      await this.changed();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.CURRENCY_CODE_EXISTS, { abbreviationCode: data.abbreviationCode });
      throw error;
    }
  }

  async delete(ctx: RequestContext, currencyId: number): Promise<void> {
    assertSystemTenant(ctx, 'change currencies');
    const { count } = await this.db.basicCurrency.deleteMany({ where: { id: currencyId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.CURRENCY_NOT_FOUND, { currencyId });
    await this.changed();
  }

  async get(_ctx: RequestContext, currencyId: number): Promise<CurrencyRecord> {
    const currency = (await this.everyCurrency()).find((row) => row.id === currencyId);
    if (!currency) throw new ServiceError(ErrorCatalogue.CURRENCY_NOT_FOUND, { currencyId });
    return toRecord(currency);
  }

  async page(_ctx: RequestContext, page: PageRequest, filter: CurrencyPageFilter = {}): Promise<{ list: CurrencyRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, currencyPageSort);
    const { name, abbreviationCode, status, showStatus } = parseInput(currencyPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(name ? { name: { contains: name } } : {}),
      ...(abbreviationCode ? { abbreviationCode: { contains: abbreviationCode } } : {}),
      ...(status != null ? { status } : {}),
      ...(showStatus != null ? { showStatus } : {}),
    };
    const [rows, total] = await Promise.all([
      this.db.basicCurrency.findMany({ where, select: CURRENCY_FIELDS, orderBy, ...window }),
      this.db.basicCurrency.count({ where }),
    ]);
    return { list: rows.map(toRecord), total };
  }

  /** Enabled currencies by sort, for pickers. */
  async simpleList(_ctx: RequestContext): Promise<CurrencyRecord[]> {
    return (await this.everyCurrency()).filter((row) => row.status === CurrencyStatus.ENABLED).map(toRecord);
  }

  /** The live rate of an enabled currency, in micro-units per CNY. */
  async liveRateMicros(_ctx: RequestContext, currencyCode: string): Promise<bigint> {
    const currency = (await this.everyCurrency()).find((row) => row.abbreviationCode === currencyCode);
    if (!currency) throw new ServiceError(ErrorCatalogue.CURRENCY_CODE_NOT_FOUND, { currencyCode });
    if (currency.status !== CurrencyStatus.ENABLED) throw new ServiceError(ErrorCatalogue.CURRENCY_DISABLED, { currencyCode });
    return currency.exchangeRateMicros;
  }
}
