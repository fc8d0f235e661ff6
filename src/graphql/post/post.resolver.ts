// Job posts of the caller's tenant (system:post:*).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { PostRecord } from '../../core/post/post-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { PostPageReqVO, PostSaveReqVO, PostView, PostViewPage } from './post.types';

@Resolver()
export class PostResolver {
  @Authorized('system:post:create')
  @Mutation(() => PostView, { description: 'Creates a post; answers it' })
  async createPost(@Arg('input', () => PostSaveReqVO) input: PostSaveReqVO, @Ctx() context: GraphQLContext): Promise<PostRecord> {
    const { ctx, core } = context;
    return this.post(await core.posts.create(ctx, input), context);
  }

  @Authorized('system:post:update')
  @Mutation(() => PostView)
  async updatePost(@Arg('input', () => PostSaveReqVO) input: PostSaveReqVO, @Ctx() context: GraphQLContext): Promise<PostRecord> {
    const { ctx, core } = context;
    await core.posts.update(ctx, input);
    return this.post(savedId(input), context);
  }

  @Authorized('system:post:delete')
  @Mutation(() => Boolean, { description: 'Refused while a user holds the post' })
  async deletePost(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.posts.delete(ctx, id);
    return true;
  }

  @Authorized('system:post:query')
  @Query(() => PostView, { nullable: true, description: 'A post of the tenant; POST_NOT_FOUND otherwise' })
  post(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<PostRecord> {
    return core.posts.get(ctx, id);
  }

  @Authorized('system:post:query')
  @Query(() => PostViewPage, { nullable: true, description: 'Posts by sort; name and code match when contained' })
  postPage(@Arg('input', () => PostPageReqVO) input: PostPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<PostRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.posts.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [PostView], { nullable: true, description: 'Enabled posts, for pickers' })
  postSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<PostRecord[]> {
    return core.posts.simpleList(ctx);
  }
}
