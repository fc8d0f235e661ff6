// Dictionary types and data (system:dict:*): every tenant's administrators read them, only the
// system tenant's write them.
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { DictDataRecord, DictTypeRecord } from '../../core/dict/dict-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import {
  DictDataPageReqVO,
  DictDataSaveReqVO,
  DictDataView,
  DictDataViewPage,
  DictTypePageReqVO,
  DictTypeSaveReqVO,
  DictTypeView,
  DictTypeViewPage,
} from './dict.types';

@Resolver()
export class DictResolver {
  @Authorized('system:dict:create')
  @Mutation(() => DictTypeView, { description: 'Creates a dictionary type (system tenant only); answers it' })
  async createDictType(@Arg('input', () => DictTypeSaveReqVO) input: DictTypeSaveReqVO, @Ctx() context: GraphQLContext): Promise<DictTypeRecord> {
    const { ctx, core } = context;
    return this.dictType(await core.dicts.createType(ctx, input), context);
  }

  @Authorized('system:dict:update')
  @Mutation(() => DictTypeView, { description: 'Updates a dictionary type (system tenant only); a new type string is carried over to its data' })
  async updateDictType(@Arg('input', () => DictTypeSaveReqVO) input: DictTypeSaveReqVO, @Ctx() context: GraphQLContext): Promise<DictTypeRecord> {
    const { ctx, core } = context;
    await core.dicts.updateType(ctx, input);
    return this.dictType(savedId(input), context);
  }

  @Authorized('system:dict:delete')
  @Mutation(() => Boolean, { description: 'Deletes a dictionary type without data (system tenant only)' })
  async deleteDictType(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.dicts.deleteType(ctx, id);
    return true;
  }

  @Authorized('system:dict:query')
  @Query(() => DictTypeView, { nullable: true, description: 'A dictionary type; DICT_TYPE_NOT_FOUND otherwise' })
  dictType(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<DictTypeRecord> {
    return core.dicts.getType(ctx, id);
  }

  @Authorized('system:dict:query')
  @Query(() => DictTypeViewPage, { nullable: true, description: 'Dictionary types, newest first' })
  dictTypePage(@Arg('input', () => DictTypePageReqVO) input: DictTypePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<DictTypeRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.dicts.typePage(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [DictTypeView], { nullable: true, description: 'Enabled dictionary types, for pickers' })
  dictTypeSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<DictTypeRecord[]> {
    return core.dicts.typeSimpleList(ctx);
  }

  @Authorized('system:dict:create')
  @Mutation(() => DictDataView, { description: 'Creates a dictionary entry (system tenant only); answers it' })
  async createDictData(@Arg('input', () => DictDataSaveReqVO) input: DictDataSaveReqVO, @Ctx() context: GraphQLContext): Promise<DictDataRecord> {
    const { ctx, core } = context;
    return this.dictData(await core.dicts.createData(ctx, input), context);
  }

  @Authorized('system:dict:update')
  @Mutation(() => DictDataView, { description: 'Updates a dictionary entry (system tenant only)' })
  async updateDictData(@Arg('input', () => DictDataSaveReqVO) input: DictDataSaveReqVO, @Ctx() context: GraphQLContext): Promise<DictDataRecord> {
    const { ctx, core } = context;
    await core.dicts.updateData(ctx, input);
    return this.dictData(savedId(input), context);
  }

  @Authorized('system:dict:delete')
  @Mutation(() => Boolean, { description: 'Deletes a dictionary entry (system tenant only)' })
  async deleteDictData(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.dicts.deleteData(ctx, id);
    return true;
  }

  @Authorized('system:dict:query')
  @Query(() => DictDataView, { nullable: true, description: 'A dictionary entry; DICT_DATA_NOT_FOUND otherwise' })
  dictData(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<DictDataRecord> {
    return core.dicts.getData(ctx, id);
  }

  @Authorized('system:dict:query')
  @Query(() => DictDataViewPage, { nullable: true, description: 'Dictionary data by type, then sort' })
  dictDataPage(@Arg('input', () => DictDataPageReqVO) input: DictDataPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<DictDataRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.dicts.dataPage(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [DictDataView], { nullable: true, description: 'Enabled data of enabled types (of dictType when given), by type, then sort' })
  dictDataSimpleList(
    @Arg('dictType', () => String, { nullable: true }) dictType: string | null | undefined,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<DictDataRecord[]> {
    return core.dicts.dataSimpleList(ctx, dictType);
  }
}
