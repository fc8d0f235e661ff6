// Job posts of the caller's tenant (system:post:*).
import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { PostRecord } from '../../core/post/post-service';
import type { Page } from '../common/page';
import { PageParam } from '../common/page';
import { Int64 } from '../common/scalars';
import type { GraphQLContext } from '../context';
import { PostSaveReqVO, PostView, PostViewPage } from './post.types';

@Resolver()
export class PostResolver {
  @Authorized('system:post:create')
  @Mutation(() => Int64, { description: 'Creates a post; answers its id' })
  createPost(@Arg('input', () => PostSaveReqVO) input: PostSaveReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<number> {
    return core.posts.create(ctx, input);
  }

  @Authorized('system:post:update')
  @Mutation(() => Boolean)
  async updatePost(@Arg('input', () => PostSaveReqVO) input: PostSaveReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.posts.update(ctx, input);
    return true;
  }

  @Authorized('system:post:delete')
  @Mutation(() => Boolean, { description: 'Refused while a user holds the post' })
  async deletePost(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.posts.delete(ctx, id);
    return true;
  }

  @Authorized('system:post:query')
  @Query(() => PostView, { nullable: true })
  post(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<PostRecord | null> {
    return core.posts.get(ctx, id);
  }

  @Authorized('system:post:query')
  @Query(() => PostViewPage, { description: 'Posts by sort; name and code match when contained' })
  postPage(
    @Arg('page', () => PageParam) page: PageParam,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Arg('code', () => String, { nullable: true }) code: string | null,
    @Arg('status', () => Int, { nullable: true }) status: number | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<Page<PostRecord>> {
    return core.posts.page(ctx, page, { name, code, status });
  }

  @Authorized('system:post:query')
  @Query(() => [PostView], { description: 'Enabled posts, for pickers' })
  postSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<PostRecord[]> {
    return core.posts.simpleList(ctx);
  }
}
