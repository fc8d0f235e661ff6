// Help-center classifications of the caller's tenant (content:classify:*).
import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { ClassifyRecord, ClassifyTreeNode } from '../../core/content/classify-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { CommonClassifyPageReqVO, CommonClassifySaveReqVO, CommonClassifyTreeNodeView, CommonClassifyView, CommonClassifyViewPage } from './classify.types';

@Resolver()
export class ClassifyResolver {
  @Authorized('content:classify:create')
  @Mutation(() => CommonClassifyView, { description: 'Creates a classification; answers it' })
  async createCommonClassify(@Arg('input', () => CommonClassifySaveReqVO) input: CommonClassifySaveReqVO, @Ctx() context: GraphQLContext): Promise<ClassifyRecord> {
    const { ctx, core } = context;
    return this.commonClassify(await core.classifies.create(ctx, input), context);
  }

  @Authorized('content:classify:update')
  @Mutation(() => CommonClassifyView, { description: 'Updates a classification; positionType and language are fixed while it has children or support infos' })
  async updateCommonClassify(@Arg('input', () => CommonClassifySaveReqVO) input: CommonClassifySaveReqVO, @Ctx() context: GraphQLContext): Promise<ClassifyRecord> {
    const { ctx, core } = context;
    await core.classifies.update(ctx, input);
    return this.commonClassify(savedId(input), context);
  }

  @Authorized('content:classify:delete')
  @Mutation(() => Boolean, { description: 'Refused while the classification has children or support infos' })
  async deleteCommonClassify(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.classifies.delete(ctx, id);
    return true;
  }

  @Authorized('content:classify:query')
  @Query(() => CommonClassifyView, { nullable: true, description: 'A classification of the tenant; CLASSIFY_NOT_FOUND otherwise' })
  commonClassify(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<ClassifyRecord> {
    return core.classifies.get(ctx, id);
  }

  @Authorized('content:classify:query')
  @Query(() => CommonClassifyViewPage, { nullable: true, description: 'Classifications by (sort, id)' })
  commonClassifyPage(@Arg('input', () => CommonClassifyPageReqVO) input: CommonClassifyPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<ClassifyRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.classifies.page(ctx, page, filter);
  }

  @Authorized('content:classify:query')
  @Query(() => [CommonClassifyTreeNodeView], { nullable: true, description: 'Every classification (enabled or not) of one positionType and language, nested' })
  commonClassifyTree(
    @Arg('positionType', () => Int, { description: '1 help center' }) positionType: number,
    @Arg('language', () => String) language: string,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<ClassifyTreeNode[]> {
    return core.classifies.tree(ctx, { positionType, language });
  }

  @Authorized()
  @Query(() => [CommonClassifyView], { nullable: true, description: 'Enabled classifications, flat, for pickers; optionally of one positionType and language' })
  commonClassifySimpleList(
    @Arg('positionType', () => Int, { nullable: true }) positionType: number | null,
    @Arg('language', () => String, { nullable: true }) language: string | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<ClassifyRecord[]> {
    return core.classifies.simpleList(ctx, { positionType, language });
  }
}
