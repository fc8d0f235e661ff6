// Notices and announcements of the caller's tenant (system:notice:*).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { NoticeRecord } from '../../core/notice/notice-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { NoticePageReqVO, NoticeSaveReqVO, NoticeView, NoticeViewPage } from './notice.types';

@Resolver()
export class NoticeResolver {
  @Authorized('system:notice:create')
  @Mutation(() => NoticeView, { description: 'Creates a notice; answers it. SENSITIVE_WORD_FOUND when the title or content carries a sensitive word' })
  async createNotice(@Arg('input', () => NoticeSaveReqVO) input: NoticeSaveReqVO, @Ctx() context: GraphQLContext): Promise<NoticeRecord> {
    const { ctx, core } = context;
    return this.notice(await core.notices.create(ctx, input), context);
  }

  @Authorized('system:notice:update')
  @Mutation(() => NoticeView, { description: 'SENSITIVE_WORD_FOUND when the title or content carries a sensitive word' })
  async updateNotice(@Arg('input', () => NoticeSaveReqVO) input: NoticeSaveReqVO, @Ctx() context: GraphQLContext): Promise<NoticeRecord> {
    const { ctx, core } = context;
    await core.notices.update(ctx, input);
    return this.notice(savedId(input), context);
  }

  @Authorized('system:notice:delete')
  @Mutation(() => Boolean)
  async deleteNotice(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.notices.delete(ctx, id);
    return true;
  }

  @Authorized('system:notice:query')
  @Query(() => NoticeView, { nullable: true, description: 'A notice of the tenant; NOTICE_NOT_FOUND otherwise' })
  notice(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<NoticeRecord> {
    return core.notices.get(ctx, id);
  }

  @Authorized('system:notice:query')
  @Query(() => NoticeViewPage, { nullable: true, description: 'Notices, newest first' })
  noticePage(@Arg('input', () => NoticePageReqVO) input: NoticePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<NoticeRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.notices.page(ctx, page, filter);
  }
}
