// Sensitive words of the caller's tenant (system:sensitive-word:*) and the text check built on them.
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SensitiveWordRecord } from '../../core/sensitive-word/sensitive-word-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { SensitiveWordPageReqVO, SensitiveWordSaveVO, SensitiveWordView, SensitiveWordViewPage } from './sensitive-word.types';

@Resolver()
export class SensitiveWordResolver {
  @Authorized('system:sensitive-word:create')
  @Mutation(() => SensitiveWordView, { description: 'Creates a sensitive word; answers it' })
  async createSensitiveWord(@Arg('input', () => SensitiveWordSaveVO) input: SensitiveWordSaveVO, @Ctx() context: GraphQLContext): Promise<SensitiveWordRecord> {
    const { ctx, core } = context;
    return this.sensitiveWord(await core.sensitiveWords.create(ctx, input), context);
  }

  @Authorized('system:sensitive-word:update')
  @Mutation(() => SensitiveWordView)
  async updateSensitiveWord(@Arg('input', () => SensitiveWordSaveVO) input: SensitiveWordSaveVO, @Ctx() context: GraphQLContext): Promise<SensitiveWordRecord> {
    const { ctx, core } = context;
    await core.sensitiveWords.update(ctx, input);
    return this.sensitiveWord(savedId(input), context);
  }

  @Authorized('system:sensitive-word:delete')
  @Mutation(() => Boolean)
  async deleteSensitiveWord(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.sensitiveWords.delete(ctx, id);
    return true;
  }

  @Authorized('system:sensitive-word:query')
  @Query(() => SensitiveWordView, { nullable: true, description: 'A sensitive word of the tenant; SENSITIVE_WORD_NOT_FOUND otherwise' })
  sensitiveWord(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<SensitiveWordRecord> {
    return core.sensitiveWords.get(ctx, id);
  }

  @Authorized('system:sensitive-word:query')
  @Query(() => SensitiveWordViewPage, { nullable: true, description: 'Sensitive words, newest first' })
  sensitiveWordPage(@Arg('input', () => SensitiveWordPageReqVO) input: SensitiveWordPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<SensitiveWordRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.sensitiveWords.page(ctx, page, filter);
  }

  @Authorized('system:sensitive-word:query')
  @Query(() => [String], { nullable: true, description: 'Every tag of the tenant\'s sensitive words, sorted' })
  sensitiveWordTags(@Ctx() { ctx, core }: GraphQLContext): Promise<string[]> {
    return core.sensitiveWords.tags(ctx);
  }

  @Authorized('system:sensitive-word:query')
  @Query(() => [String], {
    nullable: true,
    description:
      'The distinct enabled sensitive words found in text (case-insensitive), in the order of their first occurrence; with tags, only words carrying one of them',
  })
  validateText(
    @Arg('text', () => String) text: string,
    @Arg('tags', () => [String], { nullable: true }) tags: string[] | null | undefined,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<string[]> {
    return core.sensitiveWords.validateText(ctx, text, tags);
  }
}
