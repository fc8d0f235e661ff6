// Protocol statements of the caller's tenant (content:protocol-statement:*).
import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { ProtocolStatementRecord } from '../../core/content/protocol-statement-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { ProtocolStatementPageReqVO, ProtocolStatementSaveReqVO, ProtocolStatementView, ProtocolStatementViewPage } from './protocol-statement.types';

@Resolver()
export class ProtocolStatementResolver {
  @Authorized('content:protocol-statement:create')
  @Mutation(() => ProtocolStatementView, { description: 'Creates a protocol statement; answers it' })
  async createProtocolStatement(@Arg('input', () => ProtocolStatementSaveReqVO) input: ProtocolStatementSaveReqVO, @Ctx() context: GraphQLContext): Promise<ProtocolStatementRecord> {
    const { ctx, core } = context;
    return this.protocolStatement(await core.protocolStatements.create(ctx, input), context);
  }

  @Authorized('content:protocol-statement:update')
  @Mutation(() => ProtocolStatementView)
  async updateProtocolStatement(@Arg('input', () => ProtocolStatementSaveReqVO) input: ProtocolStatementSaveReqVO, @Ctx() context: GraphQLContext): Promise<ProtocolStatementRecord> {
    const { ctx, core } = context;
    await core.protocolStatements.update(ctx, input);
    return this.protocolStatement(savedId(input), context);
  }

  @Authorized('content:protocol-statement:delete')
  @Mutation(() => Boolean)
  async deleteProtocolStatement(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.protocolStatements.delete(ctx, id);
    return true;
  }

  @Authorized('content:protocol-statement:query')
  @Query(() => ProtocolStatementView, { nullable: true, description: 'A protocol statement of the tenant; PROTOCOL_STATEMENT_NOT_FOUND otherwise' })
  protocolStatement(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<ProtocolStatementRecord> {
    return core.protocolStatements.get(ctx, id);
  }

  @Authorized('content:protocol-statement:query')
  @Query(() => ProtocolStatementViewPage, { nullable: true, description: 'Protocol statements by (sort, id)' })
  protocolStatementPage(
    @Arg('input', () => ProtocolStatementPageReqVO) input: ProtocolStatementPageReqVO,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<Page<ProtocolStatementRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.protocolStatements.page(ctx, page, filter);
  }

  @Authorized('content:protocol-statement:query')
  @Query(() => ProtocolStatementView, {
    nullable: true,
    description: 'What a page shows: the first shown statement by (sort, id) in the language, else in en; null when neither has one',
  })
  protocolStatementFor(
    @Arg('positionType', () => Int) positionType: number,
    @Arg('language', () => String) language: string,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<ProtocolStatementRecord | null> {
    return core.protocolStatements.statementFor(ctx, { positionType, language });
  }
}
