// Announcements and information articles of the caller's tenant (content:information:*).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { InformationRecord } from '../../core/content/information-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { InformationPageReqVO, InformationSaveReqVO, InformationView, InformationViewPage } from './information.types';

@Resolver()
export class InformationResolver {
  @Authorized('content:information:create')
  @Mutation(() => InformationView, { description: 'Creates an information; answers it' })
  async createInformation(@Arg('input', () => InformationSaveReqVO) input: InformationSaveReqVO, @Ctx() context: GraphQLContext): Promise<InformationRecord> {
    const { ctx, core } = context;
    return this.information(await core.information.create(ctx, input), context);
  }

  @Authorized('content:information:update')
  @Mutation(() => InformationView)
  async updateInformation(@Arg('input', () => InformationSaveReqVO) input: InformationSaveReqVO, @Ctx() context: GraphQLContext): Promise<InformationRecord> {
    const { ctx, core } = context;
    await core.information.update(ctx, input);
    return this.information(savedId(input), context);
  }

  @Authorized('content:information:delete')
  @Mutation(() => Boolean)
  async deleteInformation(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.information.delete(ctx, id);
    return true;
  }

  @Authorized('content:information:query')
  @Query(() => InformationView, { nullable: true, description: 'An information of the tenant; INFORMATION_NOT_FOUND otherwise' })
  information(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<InformationRecord> {
    return core.information.get(ctx, id);
  }

  @Authorized('content:information:query')
  @Query(() => InformationViewPage, { nullable: true, description: 'Information by (sort, id)' })
  informationPage(@Arg('input', () => InformationPageReqVO) input: InformationPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<InformationRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.information.page(ctx, page, filter);
  }
}
