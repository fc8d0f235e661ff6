// The languages of the apps (system:language:*): read by every tenant's administrators with the
// permission, changed by the system tenant only.
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SystemLanguageRecord } from '../../core/language/system-language-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { SystemLanguagePageReqVO, SystemLanguageSaveReqVO, SystemLanguageView, SystemLanguageViewPage } from './system-language.types';

@Resolver()
export class SystemLanguageResolver {
  @Authorized('system:language:create')
  @Mutation(() => SystemLanguageView, { description: 'Creates a system language (system tenant only); answers it' })
  async createSystemLanguage(@Arg('input', () => SystemLanguageSaveReqVO) input: SystemLanguageSaveReqVO, @Ctx() context: GraphQLContext): Promise<SystemLanguageRecord> {
    const { ctx, core } = context;
    return this.systemLanguage(await core.systemLanguages.create(ctx, input), context);
  }

  @Authorized('system:language:update')
  @Mutation(() => SystemLanguageView, { description: 'Updates a system language (system tenant only)' })
  async updateSystemLanguage(@Arg('input', () => SystemLanguageSaveReqVO) input: SystemLanguageSaveReqVO, @Ctx() context: GraphQLContext): Promise<SystemLanguageRecord> {
    const { ctx, core } = context;
    await core.systemLanguages.update(ctx, input);
    return this.systemLanguage(savedId(input), context);
  }

  @Authorized('system:language:delete')
  @Mutation(() => Boolean, { description: 'Deletes a system language (system tenant only)' })
  async deleteSystemLanguage(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.systemLanguages.delete(ctx, id);
    return true;
  }

  @Authorized('system:language:query')
  @Query(() => SystemLanguageView, { nullable: true, description: 'A system language; SYSTEM_LANGUAGE_NOT_FOUND otherwise' })
  systemLanguage(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<SystemLanguageRecord> {
    return core.systemLanguages.get(ctx, id);
  }

  @Authorized('system:language:query')
  @Query(() => SystemLanguageViewPage, { nullable: true, description: 'System languages by (sort, id)' })
  systemLanguagePage(@Arg('input', () => SystemLanguagePageReqVO) input: SystemLanguagePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<SystemLanguageRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.systemLanguages.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [SystemLanguageView], { nullable: true, description: 'Enabled system languages, for pickers (showFlag and whitelists aside)' })
  systemLanguageSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<SystemLanguageRecord[]> {
    return core.systemLanguages.simpleList(ctx);
  }

  @Authorized('system:language:query')
  @Query(() => [SystemLanguageView], {
    nullable: true,
    description: 'The languages a user in a country sees, by sort: enabled, showFlag true, and both whitelists admit them (an omitted user or country is admitted by ALL only)',
  })
  visibleSystemLanguages(
    @Arg('userId', () => String, { nullable: true }) userId: string | null,
    @Arg('countryCode', () => String, { nullable: true, description: 'ISO 3166-1 alpha-2, any case' }) countryCode: string | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<SystemLanguageRecord[]> {
    return core.systemLanguages.visibleTo(ctx, { userId, countryCode });
  }
}
