import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { myNotifyMessagePageSort, notifyMessagePageSort } from '../../core/notify/notify-message-service';
import { notifyTemplatePageSort } from '../../core/notify/notify-template-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';
import { LanguageTemplatePageFields, LanguageTemplateSaveFields, LanguageTemplateSendFields, LanguageTemplateViewFields } from '../messaging/message-shapes';
import { TemplateParamsJSON } from '../messaging/template-params';

@InputType('NotifyTemplateSaveReqVO', { description: 'An in-app notify template: id omitted on create, required on update' })
export class NotifyTemplateSaveReqVO extends LanguageTemplateSaveFields {
  @Field(() => Int, { description: '1 notice, 2 system message' })
  type!: number;

  @Field(() => String, { description: "The sender's name shown with the message; at most 255 characters" })
  nickname!: string;

  @Field(() => String, { description: 'The text, with {name} parameters; at most 2000 characters' })
  content!: string;
}

@InputType('NotifyTemplatePageReqVO', { description: 'A page of notify templates, newest first; name and code match when contained' })
export class NotifyTemplatePageReqVO extends LanguageTemplatePageFields('NotifyTemplateSortField', notifyTemplatePageSort) {
  @Field(() => Int, { nullable: true })
  type?: number | null;
}

@ObjectType('NotifyTemplateView', { description: 'An in-app notify template of the tenant' })
export class NotifyTemplateView extends LanguageTemplateViewFields {
  @Field(() => Int, { description: '1 notice, 2 system message' })
  type!: number;

  @Field(() => String)
  nickname!: string;

  @Field(() => [String], { description: 'The {name} parameters of content, in order' })
  params!: string[];
}

export const NotifyTemplateViewPage = PageOf(NotifyTemplateView);

@InputType('NotifyTemplateSendReqVO', { description: "Sends a notify template to a recipient's inbox" })
export class NotifyTemplateSendReqVO extends LanguageTemplateSendFields {
  @Field(() => Int64, { description: 'An administrator (userType 2) or a member (userType 1) of the tenant' })
  userId!: number;

  @Field(() => Int, { description: '1 member, 2 administrator' })
  userType!: number;
}

@ObjectType('NotifyMessageView', { description: 'An in-app message: the template text rendered when it was sent' })
export class NotifyMessageView {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int64)
  userId!: number;

  @Field(() => Int, { description: '1 member, 2 administrator' })
  userType!: number;

  @Field(() => Int64)
  templateId!: number;

  @Field(() => String)
  templateCode!: string;

  @Field(() => Int, { description: '1 notice, 2 system message' })
  templateType!: number;

  @Field(() => String, { description: "The sender's name" })
  templateNickname!: string;

  @Field(() => String, { description: 'The rendered text' })
  templateContent!: string;

  @Field(() => TemplateParamsJSON, { description: 'The parameter values it was rendered with' })
  templateParams!: Record<string, unknown>;

  @Field(() => Boolean)
  readStatus!: boolean;

  @Field(() => DateTime, { nullable: true })
  readTime!: Date | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const NotifyMessageViewPage = PageOf(NotifyMessageView);

@InputType('NotifyMessagePageReqVO', { description: "A page of the tenant's in-app messages, newest first" })
export class NotifyMessagePageReqVO extends PageParamSortedBy('NotifyMessageSortField', notifyMessagePageSort) {
  @Field(() => Int64, { nullable: true })
  userId?: number | null;

  @Field(() => Int, { nullable: true, description: '1 member, 2 administrator' })
  userType?: number | null;

  @Field(() => String, { nullable: true, description: 'The template code, exactly' })
  templateCode?: string | null;

  @Field(() => Boolean, { nullable: true })
  readStatus?: boolean | null;
}

@InputType('MyNotifyMessagePageReqVO', { description: "A page of the signed-in administrator's messages, newest first" })
export class MyNotifyMessagePageReqVO extends PageParamSortedBy('MyNotifyMessageSortField', myNotifyMessagePageSort) {
  @Field(() => Boolean, { nullable: true, description: 'true: read ones only; false: unread ones only' })
  readStatus?: boolean | null;
}
