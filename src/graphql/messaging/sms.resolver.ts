// SMS channels (system:sms-channel:*), templates and their test send (system:sms-template:*), and
// the send log (system:sms-log:query) of the caller's tenant.
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { SmsChannelRecord } from '../../core/messaging/sms-channel-service';
import type { SmsLogRecord } from '../../core/messaging/sms-sender';
import type { SmsTemplateRecord } from '../../core/messaging/sms-template-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import {
  SmsChannelClientView,
  SmsChannelPageReqVO,
  SmsChannelSaveReqVO,
  SmsChannelView,
  SmsChannelViewPage,
  SmsLogPageReqVO,
  SmsLogViewPage,
  SmsTemplatePageReqVO,
  SmsTemplateSaveReqVO,
  SmsTemplateSendReqVO,
  SmsTemplateView,
  SmsTemplateViewPage,
} from './sms.types';

@Resolver()
export class SmsChannelResolver {
  @Authorized('system:sms-channel:create')
  @Mutation(() => SmsChannelView, { description: 'Creates an SMS channel; answers it' })
  async createSmsChannel(@Arg('input', () => SmsChannelSaveReqVO) input: SmsChannelSaveReqVO, @Ctx() context: GraphQLContext): Promise<SmsChannelRecord> {
    const { ctx, core } = context;
    return this.smsChannel(await core.smsChannels.create(ctx, input), context);
  }

  @Authorized('system:sms-channel:update')
  @Mutation(() => SmsChannelView, { description: 'The masked apiKey and ****** apiSecret keep the stored values' })
  async updateSmsChannel(@Arg('input', () => SmsChannelSaveReqVO) input: SmsChannelSaveReqVO, @Ctx() context: GraphQLContext): Promise<SmsChannelRecord> {
    const { ctx, core } = context;
    await core.smsChannels.update(ctx, input);
    return this.smsChannel(savedId(input), context);
  }

  @Authorized('system:sms-channel:delete')
  @Mutation(() => Boolean, { description: 'Refused while a template uses the channel' })
  async deleteSmsChannel(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.smsChannels.delete(ctx, id);
    return true;
  }

  @Authorized('system:sms-channel:query')
  @Query(() => SmsChannelView, { nullable: true, description: 'An SMS channel of the tenant; SMS_CHANNEL_NOT_FOUND otherwise' })
  smsChannel(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<SmsChannelRecord> {
    return core.smsChannels.get(ctx, id);
  }

  @Authorized('system:sms-channel:query')
  @Query(() => SmsChannelViewPage, { nullable: true, description: 'SMS channels, newest first' })
  smsChannelPage(@Arg('input', () => SmsChannelPageReqVO) input: SmsChannelPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<SmsChannelRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.smsChannels.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [SmsChannelView], { nullable: true, description: 'Enabled SMS channels, for pickers' })
  smsChannelSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<SmsChannelRecord[]> {
    return core.smsChannels.simpleList(ctx);
  }

  @Authorized('system:sms-channel:query')
  @Query(() => [SmsChannelClientView], { nullable: true, description: 'The channel codes the service can send through' })
  smsChannelClients(@Ctx() { core }: GraphQLContext): SmsChannelClientView[] {
    return core.smsChannels.clientCodes();
  }
}

@Resolver()
export class SmsTemplateResolver {
  @Authorized('system:sms-template:create')
  @Mutation(() => SmsTemplateView, { description: 'Creates an SMS template; answers it' })
  async createSmsTemplate(@Arg('input', () => SmsTemplateSaveReqVO) input: SmsTemplateSaveReqVO, @Ctx() context: GraphQLContext): Promise<SmsTemplateRecord> {
    const { ctx, core } = context;
    return this.smsTemplate(await core.smsTemplates.create(ctx, input), context);
  }

  @Authorized('system:sms-template:update')
  @Mutation(() => SmsTemplateView)
  async updateSmsTemplate(@Arg('input', () => SmsTemplateSaveReqVO) input: SmsTemplateSaveReqVO, @Ctx() context: GraphQLContext): Promise<SmsTemplateRecord> {
    const { ctx, core } = context;
    await core.smsTemplates.update(ctx, input);
    return this.smsTemplate(savedId(input), context);
  }

  @Authorized('system:sms-template:delete')
  @Mutation(() => Boolean, { description: 'Its send log stays' })
  async deleteSmsTemplate(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.smsTemplates.delete(ctx, id);
    return true;
  }

  @Authorized('system:sms-template:query')
  @Query(() => SmsTemplateView, { nullable: true, description: 'An SMS template of the tenant; SMS_TEMPLATE_NOT_FOUND otherwise' })
  smsTemplate(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<SmsTemplateRecord> {
    return core.smsTemplates.get(ctx, id);
  }

  @Authorized('system:sms-template:query')
  @Query(() => SmsTemplateViewPage, { nullable: true, description: 'SMS templates, newest first' })
  smsTemplatePage(@Arg('input', () => SmsTemplatePageReqVO) input: SmsTemplatePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<SmsTemplateRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.smsTemplates.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [SmsTemplateView], { nullable: true, description: 'Enabled SMS templates by code, for pickers' })
  smsTemplateSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<SmsTemplateRecord[]> {
    return core.smsTemplates.simpleList(ctx);
  }

  @Authorized('system:sms-template:send-sms')
  @Mutation(() => Int64, { description: 'Sends the template to a mobile number; answers the SMS log id (SMS_SEND_FAILED when the provider refused)' })
  async sendSms(@Arg('input', () => SmsTemplateSendReqVO) input: SmsTemplateSendReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<number> {
    const { logId } = await core.smsSender.sendSms(ctx, { mobile: input.mobile, templateCode: input.templateCode, params: input.templateParams ?? {} });
    return logId;
  }
}

@Resolver()
export class SmsLogResolver {
  @Authorized('system:sms-log:query')
  @Query(() => SmsLogViewPage, { nullable: true, description: 'SMS sends of the tenant, newest first' })
  smsLogPage(@Arg('input', () => SmsLogPageReqVO) input: SmsLogPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<SmsLogRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.smsSender.logPage(ctx, page, filter);
  }
}
