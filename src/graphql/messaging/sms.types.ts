import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { smsChannelPageSort } from '../../core/messaging/sms-channel-service';
import { smsTemplatePageSort } from '../../core/messaging/sms-template-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';
import { SendLogPageFields, SendLogViewFields, TemplateSendFields, TemplateViewFields } from './message-shapes';

@InputType('SmsChannelSaveReqVO', { description: 'An SMS channel: id omitted on create, required on update' })
export class SmsChannelSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'The sender name recipients see; at most 40 characters' })
  signature!: string;

  @Field(() => String, { description: 'The client that sends through the channel: one of smsChannelClients (LOG, WEBHOOK)' })
  code!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  remark?: string | null;

  @Field(() => String, { description: 'At most 255 characters; the masked value shown on query keeps the stored key' })
  apiKey!: string;

  @Field(() => String, { nullable: true, description: '****** keeps the stored secret; empty or null removes it. WEBHOOK signs requests with it' })
  apiSecret?: string | null;

  @Field(() => String, { nullable: true, description: 'An http(s) URL; WEBHOOK posts messages to it' })
  callbackUrl?: string | null;
}

@InputType('SmsChannelPageReqVO', { description: 'A page of SMS channels; signature matches when contained' })
export class SmsChannelPageReqVO extends PageParamSortedBy('SmsChannelSortField', smsChannelPageSort) {
  @Field(() => String, { nullable: true })
  signature?: string | null;

  @Field(() => String, { nullable: true })
  code?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('SmsChannelView', { description: 'An SMS channel, its credentials masked' })
export class SmsChannelView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  signature!: string;

  @Field(() => String)
  code!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => String, { description: 'Masked: the first and last 3 characters, or ****** for short keys' })
  apiKey!: string;

  @Field(() => String, { nullable: true, description: '****** when a secret is stored' })
  apiSecret!: string | null;

  @Field(() => String, { nullable: true })
  callbackUrl!: string | null;

  @Field(() => DateTime)
  createTime!: Date;
}

export const SmsChannelViewPage = PageOf(SmsChannelView);

@ObjectType('SmsChannelClientView', { description: 'A channel code the service has a client for' })
export class SmsChannelClientView {
  @Field(() => String)
  code!: string;

  @Field(() => String)
  description!: string;
}

@InputType('SmsTemplateSaveReqVO', { description: 'An SMS template: id omitted on create, required on update' })
export class SmsTemplateSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => Int, { description: '1 verification code, 2 notice, 3 marketing' })
  type!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { description: 'Unique in the tenant, what senders name; at most 63 characters' })
  code!: string;

  @Field(() => String, { description: 'At most 63 characters' })
  name!: string;

  @Field(() => String, { description: 'At most 500 characters; {name} marks a parameter' })
  content!: string;

  @Field(() => String, { nullable: true })
  remark?: string | null;

  @Field(() => String, { description: "The template's id at the provider; at most 100 characters" })
  apiTemplateId!: string;

  @Field(() => Int64, { description: 'An SMS channel of the tenant' })
  channelId!: number;
}

@InputType('SmsTemplatePageReqVO', { description: 'A page of SMS templates; code and name match when contained' })
export class SmsTemplatePageReqVO extends PageParamSortedBy('SmsTemplateSortField', smsTemplatePageSort) {
  @Field(() => Int, { nullable: true })
  type?: number | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;

  @Field(() => String, { nullable: true })
  code?: string | null;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  apiTemplateId?: string | null;

  @Field(() => Int64, { nullable: true })
  channelId?: number | null;
}

@ObjectType('SmsTemplateView', { description: 'An SMS template of the tenant' })
export class SmsTemplateView extends TemplateViewFields {
  @Field(() => Int, { description: '1 verification code, 2 notice, 3 marketing' })
  type!: number;

  @Field(() => [String], { description: 'The {name} parameters of content, in order' })
  params!: string[];

  @Field(() => String)
  apiTemplateId!: string;

  @Field(() => Int64)
  channelId!: number;

  @Field(() => String, { description: "The channel's code" })
  channelCode!: string;
}

export const SmsTemplateViewPage = PageOf(SmsTemplateView);

@InputType('SmsTemplateSendReqVO', { description: 'A test send of an SMS template' })
export class SmsTemplateSendReqVO extends TemplateSendFields {
  @Field(() => String, { description: '5 to 20 digits with an optional leading +' })
  mobile!: string;
}

@InputType('SmsLogPageReqVO', { description: 'A page of the SMS log, newest first; mobile matches when contained' })
export class SmsLogPageReqVO extends SendLogPageFields {
  @Field(() => String, { nullable: true })
  mobile?: string | null;

  @Field(() => Int64, { nullable: true })
  channelId?: number | null;
}

@ObjectType('SmsLogView', { description: 'One SMS send and what the provider answered' })
export class SmsLogView extends SendLogViewFields {
  @Field(() => Int64)
  channelId!: number;

  @Field(() => String)
  channelCode!: string;

  @Field(() => Int)
  templateType!: number;

  @Field(() => String)
  apiTemplateId!: string;

  @Field(() => String)
  mobile!: string;

  @Field(() => String, { description: 'The rendered message' })
  content!: string;

  @Field(() => String, { nullable: true })
  apiSendCode!: string | null;

  @Field(() => String, { nullable: true })
  apiSendMsg!: string | null;

  @Field(() => String, { nullable: true })
  apiRequestId!: string | null;

  @Field(() => String, { nullable: true })
  apiSerialNo!: string | null;
}

export const SmsLogViewPage = PageOf(SmsLogView);
