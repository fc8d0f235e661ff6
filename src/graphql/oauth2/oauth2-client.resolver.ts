// OAuth 2.0 clients: managed by the system tenant's administrators only (the service refuses others).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { OAuth2ClientRecord } from '../../core/oauth2/oauth2-client-service';
import type { Page } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { OAuth2Client, OAuth2ClientCreated, OAuth2ClientPage, OAuth2ClientPageReqVO, OAuth2ClientSaveReqVO, OAuth2ClientSimple } from './oauth2-client.types';

@Resolver()
export class OAuth2ClientResolver {
  @Authorized('system:oauth2-client:create')
  @Mutation(() => OAuth2ClientCreated, { description: 'Creates a client; the answer carries its secret, shown this once' })
  createOauth2Client(@Arg('input', () => OAuth2ClientSaveReqVO) input: OAuth2ClientSaveReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<OAuth2ClientCreated> {
    core.oauth2Clients.assertManagedBy(ctx);
    return core.oauth2Clients.create({ ...input });
  }

  @Authorized('system:oauth2-client:update')
  @Mutation(() => OAuth2Client, { description: 'Updates a client; a secret of ****** keeps the stored one' })
  async updateOauth2Client(@Arg('input', () => OAuth2ClientSaveReqVO) input: OAuth2ClientSaveReqVO, @Ctx() context: GraphQLContext): Promise<OAuth2ClientRecord> {
    const { ctx, core } = context;
    core.oauth2Clients.assertManagedBy(ctx);
    await core.oauth2Clients.update({ ...input });
    return this.oauth2Client(savedId(input), context);
  }

  @Authorized('system:oauth2-client:delete')
  @Mutation(() => Boolean, { description: 'Deletes a client and revokes every token it holds' })
  async deleteOauth2Client(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.oauth2Clients.delete(ctx, id);
    return true;
  }

  @Authorized('system:oauth2-client:query')
  @Query(() => OAuth2Client, { nullable: true, description: 'One client (secret shown as ******)' })
  oauth2Client(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<OAuth2ClientRecord> {
    return core.oauth2Clients.get(ctx, id);
  }

  @Authorized('system:oauth2-client:query')
  @Query(() => OAuth2ClientPage, { nullable: true, description: 'A page of clients, newest first' })
  oauth2ClientPage(@Arg('input', () => OAuth2ClientPageReqVO) input: OAuth2ClientPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<OAuth2ClientRecord>> {
    return core.oauth2Clients.page(ctx, { ...input });
  }

  @Authorized('system:oauth2-client:query')
  @Query(() => [OAuth2ClientSimple], { nullable: true, description: 'Enabled clients, for pickers' })
  oauth2ClientSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<OAuth2ClientSimple[]> {
    return core.oauth2Clients.listEnabled(ctx);
  }
}
