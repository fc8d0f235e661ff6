import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SocialClientRecord } from '../../core/social/social-client-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { SocialClient, SocialClientPage, SocialClientPageReqVO, SocialClientSaveReqVO } from './social-client.types';

@Resolver()
export class SocialClientResolver {
  @Authorized('system:social-client:create')
  @Mutation(() => SocialClient, { description: 'Creates a social client; answers it' })
  async createSocialClient(@Arg('input', () => SocialClientSaveReqVO) input: SocialClientSaveReqVO, @Ctx() context: GraphQLContext): Promise<SocialClientRecord> {
    const { ctx, core } = context;
    return this.socialClient(await core.socialClients.create(ctx, { ...input }), context);
  }

  @Authorized('system:social-client:update')
  @Mutation(() => SocialClient, { description: 'Updates a social client; a clientSecret of ****** keeps the stored one' })
  async updateSocialClient(@Arg('input', () => SocialClientSaveReqVO) input: SocialClientSaveReqVO, @Ctx() context: GraphQLContext): Promise<SocialClientRecord> {
    const { ctx, core } = context;
    await core.socialClients.update(ctx, { ...input });
    return this.socialClient(savedId(input), context);
  }

  @Authorized('system:social-client:delete')
  @Mutation(() => Boolean)
  async deleteSocialClient(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.socialClients.delete(ctx, id);
    return true;
  }

  @Authorized('system:social-client:query')
  @Query(() => SocialClient, { nullable: true, description: 'One social client (secret shown as ******)' })
  socialClient(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<SocialClientRecord> {
    return core.socialClients.get(ctx, id);
  }

  @Authorized('system:social-client:query')
  @Query(() => SocialClientPage, { nullable: true, description: 'A page of social clients, newest first' })
  socialClientPage(@Arg('input', () => SocialClientPageReqVO) input: SocialClientPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<SocialClientRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.socialClients.page(ctx, page, filter);
  }

  @Authorized('system:social-client:query')
  @Query(() => [SocialClient], { nullable: true, description: 'Enabled social clients, for pickers' })
  socialClientSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<SocialClientRecord[]> {
    return core.socialClients.simpleList(ctx);
  }
}
