// Help-center articles of the caller's tenant (content:support-info:*).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SupportInfoRecord } from '../../core/content/support-info-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { SupportInfoPageReqVO, SupportInfoSaveReqVO, SupportInfoView, SupportInfoViewPage } from './support-info.types';

@Resolver()
export class SupportInfoResolver {
  @Authorized('content:support-info:create')
  @Mutation(() => SupportInfoView, { description: 'Creates a support info; answers it' })
  async createSupportInfo(@Arg('input', () => SupportInfoSaveReqVO) input: SupportInfoSaveReqVO, @Ctx() context: GraphQLContext): Promise<SupportInfoRecord> {
    const { ctx, core } = context;
    return this.supportInfo(await core.supportInfos.create(ctx, input), context);
  }

  @Authorized('content:support-info:update')
  @Mutation(() => SupportInfoView)
  async updateSupportInfo(@Arg('input', () => SupportInfoSaveReqVO) input: SupportInfoSaveReqVO, @Ctx() context: GraphQLContext): Promise<SupportInfoRecord> {
    const { ctx, core } = context;
    await core.supportInfos.update(ctx, input);
    return this.supportInfo(savedId(input), context);
  }

  @Authorized('content:support-info:delete')
  @Mutation(() => Boolean)
  async deleteSupportInfo(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.supportInfos.delete(ctx, id);
    return true;
  }

  @Authorized('content:support-info:query')
  @Query(() => SupportInfoView, { nullable: true, description: 'A support info of the tenant; SUPPORT_INFO_NOT_FOUND otherwise' })
  supportInfo(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<SupportInfoRecord> {
    return core.supportInfos.get(ctx, id);
  }

  @Authorized('content:support-info:query')
  @Query(() => SupportInfoViewPage, { nullable: true, description: 'Support infos by (sort, id)' })
  supportInfoPage(@Arg('input', () => SupportInfoPageReqVO) input: SupportInfoPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<SupportInfoRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.supportInfos.page(ctx, page, filter);
  }
}
