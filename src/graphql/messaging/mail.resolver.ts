// Mail accounts (system:mail-account:*), templates and their test send (system:mail-template:*),
// and the send log (system:mail-log:query) of the caller's tenant.
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { MailAccountRecord } from '../../core/messaging/mail-account-service';
import type { MailLogRecord } from '../../core/messaging/mail-sender';
import type { MailTemplateRecord } from '../../core/messaging/mail-template-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import {
  MailAccountPageReqVO,
  MailAccountSaveReqVO,
  MailAccountView,
  MailAccountViewPage,
  MailLogPageReqVO,
  MailLogViewPage,
  MailTemplatePageReqVO,
  MailTemplateSaveReqVO,
  MailTemplateSendReqVO,
  MailTemplateView,
  MailTemplateViewPage,
} from './mail.types';

@Resolver()
export class MailAccountResolver {
  @Authorized('system:mail-account:create')
  @Mutation(() => MailAccountView, { description: 'Creates a mail account; answers it' })
  async createMailAccount(@Arg('input', () => MailAccountSaveReqVO) input: MailAccountSaveReqVO, @Ctx() context: GraphQLContext): Promise<MailAccountRecord> {
    const { ctx, core } = context;
    return this.mailAccount(await core.mailAccounts.create(ctx, input), context);
  }

  @Authorized('system:mail-account:update')
  @Mutation(() => MailAccountView, { description: 'The masked mail and username, and ****** as password, keep the stored values' })
  async updateMailAccount(@Arg('input', () => MailAccountSaveReqVO) input: MailAccountSaveReqVO, @Ctx() context: GraphQLContext): Promise<MailAccountRecord> {
    const { ctx, core } = context;
    await core.mailAccounts.update(ctx, input);
    return this.mailAccount(savedId(input), context);
  }

  @Authorized('system:mail-account:delete')
  @Mutation(() => Boolean, { description: 'Refused while a template uses the account' })
  async deleteMailAccount(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.mailAccounts.delete(ctx, id);
    return true;
  }

  @Authorized('system:mail-account:query')
  @Query(() => MailAccountView, { nullable: true, description: 'A mail account of the tenant; MAIL_ACCOUNT_NOT_FOUND otherwise' })
  mailAccount(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<MailAccountRecord> {
    return core.mailAccounts.get(ctx, id);
  }

  @Authorized('system:mail-account:query')
  @Query(() => MailAccountViewPage, { nullable: true, description: 'Mail accounts, newest first' })
  mailAccountPage(@Arg('input', () => MailAccountPageReqVO) input: MailAccountPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<MailAccountRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.mailAccounts.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [MailAccountView], { nullable: true, description: 'Every mail account, for pickers' })
  mailAccountSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<MailAccountRecord[]> {
    return core.mailAccounts.simpleList(ctx);
  }
}

@Resolver()
export class MailTemplateResolver {
  @Authorized('system:mail-template:create')
  @Mutation(() => MailTemplateView, { description: 'Creates a mail template; answers it' })
  async createMailTemplate(@Arg('input', () => MailTemplateSaveReqVO) input: MailTemplateSaveReqVO, @Ctx() context: GraphQLContext): Promise<MailTemplateRecord> {
    const { ctx, core } = context;
    return this.mailTemplate(await core.mailTemplates.create(ctx, input), context);
  }

  @Authorized('system:mail-template:update')
  @Mutation(() => MailTemplateView)
  async updateMailTemplate(@Arg('input', () => MailTemplateSaveReqVO) input: MailTemplateSaveReqVO, @Ctx() context: GraphQLContext): Promise<MailTemplateRecord> {
    const { ctx, core } = context;
    await core.mailTemplates.update(ctx, input);
    return this.mailTemplate(savedId(input), context);
  }

  @Authorized('system:mail-template:delete')
  @Mutation(() => Boolean, { description: 'Its send log stays' })
  async deleteMailTemplate(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.mailTemplates.delete(ctx, id);
    return true;
  }

  @Authorized('system:mail-template:query')
  @Query(() => MailTemplateView, { nullable: true, description: 'A mail template of the tenant; MAIL_TEMPLATE_NOT_FOUND otherwise' })
  mailTemplate(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<MailTemplateRecord> {
    return core.mailTemplates.get(ctx, id);
  }

  @Authorized('system:mail-template:query')
  @Query(() => MailTemplateViewPage, { nullable: true, description: 'Mail templates, newest first' })
  mailTemplatePage(@Arg('input', () => MailTemplatePageReqVO) input: MailTemplatePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<MailTemplateRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.mailTemplates.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [MailTemplateView], { nullable: true, description: 'Enabled mail templates by code and language, for pickers' })
  mailTemplateSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<MailTemplateRecord[]> {
    return core.mailTemplates.simpleList(ctx);
  }

  @Authorized('system:mail-template:send-mail')
  @Mutation(() => Int64, { description: 'Sends the template over SMTP; answers the mail log id (MAIL_SEND_FAILED when the server could not be reached or refused)' })
  async sendMail(@Arg('input', () => MailTemplateSendReqVO) input: MailTemplateSendReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<number> {
    const { mail, templateCode, languageCode, templateParams } = input;
    const { logId } = await core.mailSender.sendMail(ctx, { mail, templateCode, languageCode, params: templateParams ?? {} });
    return logId;
  }
}

@Resolver()
export class MailLogResolver {
  @Authorized('system:mail-log:query')
  @Query(() => MailLogViewPage, { nullable: true, description: 'Mail sends of the tenant, newest first' })
  mailLogPage(@Arg('input', () => MailLogPageReqVO) input: MailLogPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<MailLogRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.mailSender.logPage(ctx, page, filter);
  }
}
