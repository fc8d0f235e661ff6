import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { mailAccountPageSort } from '../../core/messaging/mail-account-service';
import { mailTemplatePageSort } from '../../core/messaging/mail-template-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';
import {
  LanguageTemplatePageFields,
  LanguageTemplateSaveFields,
  LanguageTemplateSendFields,
  LanguageTemplateViewFields,
  SendLogPageFields,
  SendLogViewFields,
} from './message-shapes';

@InputType('MailAccountSaveReqVO', { description: 'A mail account (SMTP): id omitted on create, required on update' })
export class MailAccountSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'The sender address; the masked value shown on query keeps the stored one' })
  mail!: string;

  @Field(() => String, { description: 'The SMTP user; the masked value shown on query keeps the stored one' })
  username!: string;

  @Field(() => String, { description: 'The SMTP password; ****** (or the masked value) keeps the stored one' })
  password!: string;

  @Field(() => String, { description: 'The SMTP host name or IP address' })
  host!: string;

  @Field(() => Int, { description: '1..65535' })
  port!: number;

  @Field(() => Boolean, { description: 'true: TLS from the start (port 465); false: plain, upgraded by STARTTLS when offered' })
  sslEnable!: boolean;
}

@InputType('MailAccountPageReqVO', { description: 'A page of mail accounts; mail and username match when contained' })
export class MailAccountPageReqVO extends PageParamSortedBy('MailAccountSortField', mailAccountPageSort) {
  @Field(() => String, { nullable: true })
  mail?: string | null;

  @Field(() => String, { nullable: true })
  username?: string | null;
}

@ObjectType('MailAccountView', { description: 'A mail account, its address and credentials masked' })
export class MailAccountView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String, { description: 'Masked: a****@example.com' })
  mail!: string;

  @Field(() => String, { description: 'Masked like mail' })
  username!: string;

  @Field(() => String, { description: 'Always ******' })
  password!: string;

  @Field(() => String)
  host!: string;

  @Field(() => Int)
  port!: number;

  @Field(() => Boolean)
  sslEnable!: boolean;

  @Field(() => DateTime)
  createTime!: Date;
}

export const MailAccountViewPage = PageOf(MailAccountView);

@InputType('MailTemplateSaveReqVO', { description: 'A mail template in one language: id omitted on create, required on update' })
export class MailTemplateSaveReqVO extends LanguageTemplateSaveFields {
  @Field(() => Int64, { description: 'The mail account it is sent from' })
  accountId!: number;

  @Field(() => String, { nullable: true, description: "The sender's display name" })
  nickname?: string | null;

  @Field(() => String, { description: 'The subject, at most 255 characters; {name} marks a parameter' })
  title!: string;

  @Field(() => String, { description: 'The HTML body, at most 20000 characters; {name} marks a parameter (values are HTML-escaped)' })
  content!: string;
}

@InputType('MailTemplatePageReqVO', { description: 'A page of mail templates; name and code match when contained' })
export class MailTemplatePageReqVO extends LanguageTemplatePageFields('MailTemplateSortField', mailTemplatePageSort) {
  @Field(() => Int64, { nullable: true })
  accountId?: number | null;
}

@ObjectType('MailTemplateView', { description: 'A mail template of the tenant' })
export class MailTemplateView extends LanguageTemplateViewFields {
  @Field(() => Int64)
  accountId!: number;

  @Field(() => String, { nullable: true })
  nickname!: string | null;

  @Field(() => String)
  title!: string;

  @Field(() => [String], { description: 'The {name} parameters of title and content, in order' })
  params!: string[];
}

export const MailTemplateViewPage = PageOf(MailTemplateView);

@InputType('MailTemplateSendReqVO', { description: 'A test send of a mail template' })
export class MailTemplateSendReqVO extends LanguageTemplateSendFields {
  @Field(() => String, { description: 'The recipient address' })
  mail!: string;
}

@InputType('MailLogPageReqVO', { description: 'A page of the mail log, newest first; toMail matches when contained' })
export class MailLogPageReqVO extends SendLogPageFields {
  @Field(() => String, { nullable: true })
  toMail?: string | null;

  @Field(() => Int64, { nullable: true })
  accountId?: number | null;
}

@ObjectType('MailLogView', { description: 'One mail send and its outcome' })
export class MailLogView extends SendLogViewFields {
  @Field(() => Int64)
  accountId!: number;

  @Field(() => String)
  fromMail!: string;

  @Field(() => String)
  languageCode!: string;

  @Field(() => String, { nullable: true })
  nickname!: string | null;

  @Field(() => String)
  toMail!: string;

  @Field(() => String, { description: 'The rendered subject' })
  title!: string;

  @Field(() => String, { description: 'The rendered body' })
  content!: string;

  @Field(() => String, { nullable: true, description: "The SMTP server's message id" })
  sendMessageId!: string | null;

  @Field(() => String, { nullable: true, description: 'Why the send failed' })
  sendException!: string | null;
}

export const MailLogViewPage = PageOf(MailLogView);
