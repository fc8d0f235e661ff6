// The gateway IP blacklist (gateway:ip-blacklist:*): every tenant's administrators with the permission
// read it; only the system tenant's change it (checked in the service).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { IpBlacklistEntryView } from '../../core/gateway/ip-blacklist-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import {
  GatewayIpBlacklistPageReqVO,
  GatewayIpBlacklistRenewReqVO,
  GatewayIpBlacklistSaveReqVO,
  GatewayIpBlacklistView,
  GatewayIpBlacklistViewPage,
} from './ip-blacklist.types';

@Resolver()
export class GatewayIpBlacklistResolver {
  @Authorized('gateway:ip-blacklist:create')
  @Mutation(() => GatewayIpBlacklistView, { description: 'Blacklists an address or network (system tenant); answers the entry' })
  async createGatewayIpBlacklist(@Arg('input', () => GatewayIpBlacklistSaveReqVO) input: GatewayIpBlacklistSaveReqVO, @Ctx() context: GraphQLContext): Promise<IpBlacklistEntryView> {
    const { ctx, core } = context;
    return this.gatewayIpBlacklist(await core.ipBlacklist.create(ctx, input), context);
  }

  @Authorized('gateway:ip-blacklist:update')
  @Mutation(() => GatewayIpBlacklistView, { description: 'Saves an entry (system tenant); an empty expireTime makes it permanent' })
  async updateGatewayIpBlacklist(@Arg('input', () => GatewayIpBlacklistSaveReqVO) input: GatewayIpBlacklistSaveReqVO, @Ctx() context: GraphQLContext): Promise<IpBlacklistEntryView> {
    const { ctx, core } = context;
    await core.ipBlacklist.update(ctx, input);
    return this.gatewayIpBlacklist(savedId(input), context);
  }

  @Authorized('gateway:ip-blacklist:renew')
  @Mutation(() => GatewayIpBlacklistView, { description: 'Sets, extends or clears the expiry of an entry (system tenant); answers the entry' })
  renewGatewayIpBlacklist(@Arg('input', () => GatewayIpBlacklistRenewReqVO) input: GatewayIpBlacklistRenewReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<IpBlacklistEntryView> {
    return core.ipBlacklist.renew(ctx, input);
  }

  @Authorized('gateway:ip-blacklist:delete')
  @Mutation(() => Boolean, { description: 'Removes an entry (system tenant)' })
  async deleteGatewayIpBlacklist(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.ipBlacklist.delete(ctx, id);
    return true;
  }

  @Authorized('gateway:ip-blacklist:query')
  @Query(() => GatewayIpBlacklistView, { nullable: true, description: 'An entry; IP_BLACKLIST_NOT_FOUND otherwise' })
  gatewayIpBlacklist(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<IpBlacklistEntryView> {
    return core.ipBlacklist.get(ctx, id);
  }

  @Authorized('gateway:ip-blacklist:query')
  @Query(() => GatewayIpBlacklistViewPage, { nullable: true, description: 'Entries, newest first' })
  gatewayIpBlacklistPage(@Arg('input', () => GatewayIpBlacklistPageReqVO) input: GatewayIpBlacklistPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<IpBlacklistEntryView>> {
    const { page, filter } = splitPageInput(input);
    return core.ipBlacklist.page(ctx, page, filter);
  }
}
