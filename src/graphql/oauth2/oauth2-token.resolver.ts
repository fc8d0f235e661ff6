// Issued access tokens of the caller's tenant: page (tokens masked) and revoke by record id (at once, in every process).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { TokenRecord } from '../../core/oauth2/token-record-service';
import type { Page } from '../common/page';
import { Int64 } from '../common/scalars';
import type { GraphQLContext } from '../context';
import { OAuth2AccessTokenPageReqVO, OAuth2AccessTokenRecordPage } from './oauth2-token.types';

@Resolver()
export class OAuth2TokenResolver {
  @Authorized('system:oauth2-token:query')
  @Query(() => OAuth2AccessTokenRecordPage, { nullable: true, description: "The tenant's access tokens, newest first" })
  oauth2TokenPage(@Arg('input', () => OAuth2AccessTokenPageReqVO) input: OAuth2AccessTokenPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<TokenRecord>> {
    return core.tokenRecords.page(ctx, { ...input });
  }

  @Authorized('system:oauth2-token:delete')
  @Mutation(() => Boolean, { description: 'Revokes an access token by its record id (and the refresh token of its session) at once' })
  async deleteOauth2Token(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.tokenRecords.revoke(ctx, id);
    return true;
  }
}
