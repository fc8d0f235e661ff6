// Short-link groups (system:short-link-group:*) and short links (system:short-link:*) of the caller's tenant.
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { ShortLinkGroupRecord } from '../../core/short-link/short-link-group-service';
import type { ShortLinkView } from '../../core/short-link/short-link-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import {
  ShortLinkGroupView,
  ShortLinkGroupViewPage,
  ShortLinkRecordView,
  ShortLinkRecordViewPage,
  SysShortLinkGroupPageReqVO,
  SysShortLinkGroupSaveReqVO,
  SysShortLinkRecordCreateReqVO,
  SysShortLinkRecordPageReqVO,
  SysShortLinkRecordUpdateReqVO,
  SysShortLinkRecordUpdateStatusReqVO,
} from './short-link.types';

@Resolver()
export class ShortLinkGroupResolver {
  @Authorized('system:short-link-group:create')
  @Mutation(() => ShortLinkGroupView, { description: 'Creates a short-link group; answers it' })
  async createShortLinkGroup(@Arg('input', () => SysShortLinkGroupSaveReqVO) input: SysShortLinkGroupSaveReqVO, @Ctx() context: GraphQLContext): Promise<ShortLinkGroupRecord> {
    const { ctx, core } = context;
    return this.shortLinkGroup(await core.shortLinkGroups.create(ctx, input), context);
  }

  @Authorized('system:short-link-group:update')
  @Mutation(() => ShortLinkGroupView)
  async updateShortLinkGroup(@Arg('input', () => SysShortLinkGroupSaveReqVO) input: SysShortLinkGroupSaveReqVO, @Ctx() context: GraphQLContext): Promise<ShortLinkGroupRecord> {
    const { ctx, core } = context;
    await core.shortLinkGroups.update(ctx, input);
    return this.shortLinkGroup(savedId(input), context);
  }

  @Authorized('system:short-link-group:delete')
  @Mutation(() => Boolean, { description: 'Refused while the group holds short links' })
  async deleteShortLinkGroup(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.shortLinkGroups.delete(ctx, id);
    return true;
  }

  @Authorized('system:short-link-group:query')
  @Query(() => ShortLinkGroupView, { nullable: true, description: 'A short-link group of the tenant; SHORT_LINK_GROUP_NOT_FOUND otherwise' })
  shortLinkGroup(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<ShortLinkGroupRecord> {
    return core.shortLinkGroups.get(ctx, id);
  }

  @Authorized('system:short-link-group:query')
  @Query(() => ShortLinkGroupViewPage, { nullable: true, description: 'Short-link groups by sort; name and code match when contained' })
  shortLinkGroupPage(@Arg('input', () => SysShortLinkGroupPageReqVO) input: SysShortLinkGroupPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<ShortLinkGroupRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.shortLinkGroups.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [ShortLinkGroupView], { nullable: true, description: 'Every group of the tenant, by sort, for pickers' })
  shortLinkGroupSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<ShortLinkGroupRecord[]> {
    return core.shortLinkGroups.simpleList(ctx);
  }
}

@Resolver()
export class ShortLinkRecordResolver {
  @Authorized('system:short-link:create')
  @Mutation(() => ShortLinkRecordView, { description: 'Makes a short link (a new random code) for a target URL; answers it with its short URL' })
  createShortLink(@Arg('input', () => SysShortLinkRecordCreateReqVO) input: SysShortLinkRecordCreateReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<ShortLinkView> {
    return core.shortLinks.create(ctx, input);
  }

  @Authorized('system:short-link:update')
  @Mutation(() => ShortLinkRecordView)
  async updateShortLink(@Arg('input', () => SysShortLinkRecordUpdateReqVO) input: SysShortLinkRecordUpdateReqVO, @Ctx() context: GraphQLContext): Promise<ShortLinkView> {
    const { ctx, core } = context;
    await core.shortLinks.update(ctx, input);
    return this.shortLink(savedId(input), context);
  }

  @Authorized('system:short-link:update')
  @Mutation(() => ShortLinkRecordView, { description: 'Enables (0) or disables (1) a short link' })
  async updateShortLinkStatus(
    @Arg('input', () => SysShortLinkRecordUpdateStatusReqVO) input: SysShortLinkRecordUpdateStatusReqVO,
    @Ctx() context: GraphQLContext,
  ): Promise<ShortLinkView> {
    const { ctx, core } = context;
    await core.shortLinks.updateStatus(ctx, input);
    return this.shortLink(savedId(input), context);
  }

  @Authorized('system:short-link:delete')
  @Mutation(() => Boolean)
  async deleteShortLink(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.shortLinks.delete(ctx, id);
    return true;
  }

  @Authorized('system:short-link:query')
  @Query(() => ShortLinkRecordView, { nullable: true, description: 'A short link of the tenant; SHORT_LINK_NOT_FOUND otherwise' })
  shortLink(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<ShortLinkView> {
    return core.shortLinks.get(ctx, id);
  }

  @Authorized('system:short-link:query')
  @Query(() => ShortLinkRecordViewPage, { nullable: true, description: 'Short links, newest first' })
  shortLinkPage(@Arg('input', () => SysShortLinkRecordPageReqVO) input: SysShortLinkRecordPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<ShortLinkView>> {
    const { page, filter } = splitPageInput(input);
    return core.shortLinks.page(ctx, page, filter);
  }
}
