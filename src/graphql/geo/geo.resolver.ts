// Countries (basic:country:*) and their regions (basic:region:*), shared by every tenant; only the
// system tenant changes them.
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { CountryRecord } from '../../core/geo/country-service';
import type { RegionRecord } from '../../core/geo/region-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import {
  BasicCountryPageReqVO,
  BasicCountrySaveReqVO,
  BasicCountryView,
  BasicCountryViewPage,
  BasicRegionPageReqVO,
  BasicRegionSaveReqVO,
  BasicRegionView,
  BasicRegionViewPage,
} from './geo.types';

@Resolver()
export class CountryResolver {
  @Authorized('basic:country:create')
  @Mutation(() => BasicCountryView, { description: 'Creates a country (system tenant only); answers it' })
  async createCountry(@Arg('input', () => BasicCountrySaveReqVO) input: BasicCountrySaveReqVO, @Ctx() context: GraphQLContext): Promise<CountryRecord> {
    const { ctx, core } = context;
    return this.country(await core.countries.create(ctx, input), context);
  }

  @Authorized('basic:country:update')
  @Mutation(() => BasicCountryView, { description: 'System tenant only' })
  async updateCountry(@Arg('input', () => BasicCountrySaveReqVO) input: BasicCountrySaveReqVO, @Ctx() context: GraphQLContext): Promise<CountryRecord> {
    const { ctx, core } = context;
    await core.countries.update(ctx, input);
    return this.country(savedId(input), context);
  }

  @Authorized('basic:country:delete')
  @Mutation(() => Boolean, { description: 'System tenant only; refused while the country has regions' })
  async deleteCountry(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.countries.delete(ctx, id);
    return true;
  }

  @Authorized('basic:country:query')
  @Query(() => BasicCountryView, { nullable: true, description: 'A country; COUNTRY_NOT_FOUND otherwise' })
  country(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<CountryRecord> {
    return core.countries.get(ctx, id);
  }

  @Authorized('basic:country:query')
  @Query(() => BasicCountryViewPage, { nullable: true, description: 'Countries by sort; names and code match when contained' })
  countryPage(@Arg('input', () => BasicCountryPageReqVO) input: BasicCountryPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<CountryRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.countries.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [BasicCountryView], { nullable: true, description: 'Enabled countries by sort, for pickers' })
  countrySimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<CountryRecord[]> {
    return core.countries.simpleList(ctx);
  }
}

@Resolver()
export class RegionResolver {
  @Authorized('basic:region:create')
  @Mutation(() => BasicRegionView, { description: 'Creates a region (system tenant only); answers it' })
  async createRegion(@Arg('input', () => BasicRegionSaveReqVO) input: BasicRegionSaveReqVO, @Ctx() context: GraphQLContext): Promise<RegionRecord> {
    const { ctx, core } = context;
    return this.region(await core.regions.create(ctx, input), context);
  }

  @Authorized('basic:region:update')
  @Mutation(() => BasicRegionView, { description: 'System tenant only' })
  async updateRegion(@Arg('input', () => BasicRegionSaveReqVO) input: BasicRegionSaveReqVO, @Ctx() context: GraphQLContext): Promise<RegionRecord> {
    const { ctx, core } = context;
    await core.regions.update(ctx, input);
    return this.region(savedId(input), context);
  }

  @Authorized('basic:region:delete')
  @Mutation(() => Boolean, { description: 'System tenant only' })
  async deleteRegion(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.regions.delete(ctx, id);
    return true;
  }

  @Authorized('basic:region:query')
  @Query(() => BasicRegionView, { nullable: true, description: 'A region; REGION_NOT_FOUND otherwise' })
  region(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<RegionRecord> {
    return core.regions.get(ctx, id);
  }

  @Authorized('basic:region:query')
  @Query(() => BasicRegionViewPage, { nullable: true, description: 'Regions by sort; name matches when contained' })
  regionPage(@Arg('input', () => BasicRegionPageReqVO) input: BasicRegionPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<RegionRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.regions.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [BasicRegionView], { nullable: true, description: 'Enabled regions of an enabled country by sort, for pickers' })
  regionSimpleList(@Arg('countryId', () => Int64) countryId: number, @Ctx() { ctx, core }: GraphQLContext): Promise<RegionRecord[]> {
    return core.regions.simpleList(ctx, countryId);
  }
}
