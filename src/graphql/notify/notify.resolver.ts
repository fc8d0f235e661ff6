// In-app notify templates of the caller's tenant (system:notify-template:*), sending one to a
// recipient's inbox (system:notify-template:send-notify), the tenant's message log
// (system:notify-message:query), and the signed-in administrator's own inbox (sign-in only).
import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { NotifyMessageRecord } from '../../core/notify/notify-message-service';
import type { NotifyTemplateRecord } from '../../core/notify/notify-template-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import {
  MyNotifyMessagePageReqVO,
  NotifyMessagePageReqVO,
  NotifyMessageViewPage,
  NotifyTemplatePageReqVO,
  NotifyTemplateSaveReqVO,
  NotifyTemplateSendReqVO,
  NotifyTemplateView,
  NotifyTemplateViewPage,
} from './notify.types';

@Resolver()
export class NotifyTemplateResolver {
  @Authorized('system:notify-template:create')
  @Mutation(() => NotifyTemplateView, { description: 'Creates a notify template; answers it' })
  async createNotifyTemplate(@Arg('input', () => NotifyTemplateSaveReqVO) input: NotifyTemplateSaveReqVO, @Ctx() context: GraphQLContext): Promise<NotifyTemplateRecord> {
    const { ctx, core } = context;
    return this.notifyTemplate(await core.notifyTemplates.create(ctx, input), context);
  }

  @Authorized('system:notify-template:update')
  @Mutation(() => NotifyTemplateView)
  async updateNotifyTemplate(@Arg('input', () => NotifyTemplateSaveReqVO) input: NotifyTemplateSaveReqVO, @Ctx() context: GraphQLContext): Promise<NotifyTemplateRecord> {
    const { ctx, core } = context;
    await core.notifyTemplates.update(ctx, input);
    return this.notifyTemplate(savedId(input), context);
  }

  @Authorized('system:notify-template:delete')
  @Mutation(() => Boolean, { description: 'Messages already sent keep their text' })
  async deleteNotifyTemplate(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.notifyTemplates.delete(ctx, id);
    return true;
  }

  @Authorized('system:notify-template:query')
  @Query(() => NotifyTemplateView, { nullable: true, description: 'A notify template of the tenant; NOTIFY_TEMPLATE_NOT_FOUND otherwise' })
  notifyTemplate(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<NotifyTemplateRecord> {
    return core.notifyTemplates.get(ctx, id);
  }

  @Authorized('system:notify-template:query')
  @Query(() => NotifyTemplateViewPage, { nullable: true, description: 'Notify templates, newest first; name and code match when contained' })
  notifyTemplatePage(@Arg('input', () => NotifyTemplatePageReqVO) input: NotifyTemplatePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<NotifyTemplateRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.notifyTemplates.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [NotifyTemplateView], { nullable: true, description: 'Enabled notify templates, for pickers' })
  notifyTemplateSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<NotifyTemplateRecord[]> {
    return core.notifyTemplates.simpleList(ctx);
  }

  @Authorized('system:notify-template:send-notify')
  @Mutation(() => Int64, { description: "Renders the template and puts the message in the recipient's inbox; answers the message id" })
  sendNotify(@Arg('input', () => NotifyTemplateSendReqVO) input: NotifyTemplateSendReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<number> {
    return core.notifyTemplates.send(ctx, input);
  }
}

@Resolver()
export class NotifyMessageResolver {
  @Authorized('system:notify-message:query')
  @Query(() => NotifyMessageViewPage, { nullable: true, description: 'Every in-app message of the tenant, newest first' })
  notifyMessagePage(@Arg('input', () => NotifyMessagePageReqVO) input: NotifyMessagePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<NotifyMessageRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.notifyMessages.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => NotifyMessageViewPage, { nullable: true, description: "The signed-in administrator's messages, newest first" })
  myNotifyMessagePage(@Arg('input', () => MyNotifyMessagePageReqVO) input: MyNotifyMessagePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<NotifyMessageRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.notifyMessages.myPage(ctx, page, filter);
  }

  @Authorized()
  @Query(() => Int, { nullable: true, description: "How many of the signed-in administrator's messages are unread" })
  myUnreadNotifyMessageCount(@Ctx() { ctx, core }: GraphQLContext): Promise<number> {
    return core.notifyMessages.myUnreadCount(ctx);
  }

  @Authorized()
  @Mutation(() => Int, { description: "Marks the signed-in administrator's own messages among ids read (1..100 ids; others' ids are ignored); answers how many were marked" })
  markNotifyMessagesRead(@Arg('ids', () => [Int64]) ids: number[], @Ctx() { ctx, core }: GraphQLContext): Promise<number> {
    return core.notifyMessages.markRead(ctx, ids);
  }

  @Authorized()
  @Mutation(() => Int, { description: "Marks every unread message of the signed-in administrator read; answers how many were marked" })
  markAllNotifyMessagesRead(@Ctx() { ctx, core }: GraphQLContext): Promise<number> {
    return core.notifyMessages.markAllRead(ctx);
  }
}
