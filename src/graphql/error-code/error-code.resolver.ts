// Error codes (system:error-code:*): the catalogue, and per-language overrides of its messages that
// every tenant's administrators read and only the system tenant's write.
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { CatalogueEntry, ErrorCodeRecord } from '../../core/error-code/error-code-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { ErrorCodeEntry, ErrorCodePageReqVO, ErrorCodeSaveReqVO, ErrorCodeView, ErrorCodeViewPage } from './error-code.types';

@Resolver()
export class ErrorCodeResolver {
  @Authorized('system:error-code:query')
  @Query(() => [ErrorCodeEntry], { nullable: true, description: 'The error-code catalogue, with each code\'s message overrides' })
  errorCodes(@Ctx() { ctx, core }: GraphQLContext): Promise<CatalogueEntry[]> {
    return core.errorCodes.catalogue(ctx);
  }

  @Authorized('system:error-code:create')
  @Mutation(() => ErrorCodeView, { description: 'Overrides a catalogue message for one language (system tenant only); answers the override' })
  async createErrorCode(@Arg('input', () => ErrorCodeSaveReqVO) input: ErrorCodeSaveReqVO, @Ctx() context: GraphQLContext): Promise<ErrorCodeRecord> {
    const { ctx, core } = context;
    return this.errorCode(await core.errorCodes.create(ctx, input), context);
  }

  @Authorized('system:error-code:update')
  @Mutation(() => ErrorCodeView, { description: 'Changes a message override (system tenant only)' })
  async updateErrorCode(@Arg('input', () => ErrorCodeSaveReqVO) input: ErrorCodeSaveReqVO, @Ctx() context: GraphQLContext): Promise<ErrorCodeRecord> {
    const { ctx, core } = context;
    await core.errorCodes.update(ctx, input);
    return this.errorCode(savedId(input), context);
  }

  @Authorized('system:error-code:delete')
  @Mutation(() => Boolean, { description: 'Removes a message override: the code answers with the catalogue text again (system tenant only)' })
  async deleteErrorCode(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.errorCodes.delete(ctx, id);
    return true;
  }

  @Authorized('system:error-code:query')
  @Query(() => ErrorCodeView, { nullable: true, description: 'A message override; ERROR_CODE_NOT_FOUND otherwise' })
  errorCode(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<ErrorCodeRecord> {
    return core.errorCodes.get(ctx, id);
  }

  @Authorized('system:error-code:query')
  @Query(() => ErrorCodeViewPage, { nullable: true, description: 'Message overrides by code, then language' })
  errorCodePage(@Arg('input', () => ErrorCodePageReqVO) input: ErrorCodePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<ErrorCodeRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.errorCodes.page(ctx, page, filter);
  }
}
