// Field sets the SMS, mail and in-app notify shapes share. A shape extending one inherits its fields
// (type-graphql takes inherited fields only from a decorated class); no resolver names these
// classes, so they add no type of their own to the schema (type-graphql 2 emits reachable types).
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { PageSort } from '../../core/page-query';
import { sendLogPageSort } from '../../core/messaging/send-log';
import { PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';
import { TemplateParamsJSON } from './template-params';

@ObjectType()
export abstract class TemplateViewFields {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  content!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => DateTime)
  createTime!: Date;
}

/** A template kept per code and language (mail, notify). */
@ObjectType()
export abstract class LanguageTemplateViewFields extends TemplateViewFields {
  @Field(() => String)
  languageCode!: string;
}

@InputType()
export abstract class LanguageTemplateSaveFields {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'At most 63 characters' })
  name!: string;

  @Field(() => String, { description: 'What senders name; unique in the tenant per language; at most 63 characters' })
  code!: string;

  @Field(() => String, { description: 'A language tag such as en, pt or zh-CN (at most 10 characters)' })
  languageCode!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  remark?: string | null;
}

/** The page filters of templates per language, sorted by the template kind's own `sort` (enum `sortFieldEnum`). */
export function LanguageTemplatePageFields<Field extends string>(sortFieldEnum: string, sort: PageSort<Field, string, string>) {
  @InputType()
  abstract class LanguageTemplatePageFields extends PageParamSortedBy(sortFieldEnum, sort) {
    @Field(() => String, { nullable: true })
    name?: string | null;

    @Field(() => String, { nullable: true })
    code?: string | null;

    @Field(() => String, { nullable: true })
    languageCode?: string | null;

    @Field(() => Int, { nullable: true })
    status?: number | null;
  }
  return LanguageTemplatePageFields;
}

@InputType()
export abstract class TemplateSendFields {
  @Field(() => String)
  templateCode!: string;

  @Field(() => TemplateParamsJSON, { nullable: true, description: 'Parameter values by name, e.g. {"code": "1234"}' })
  templateParams?: Record<string, string | number> | null;
}

/** A send that picks the template's language (mail, notify). */
@InputType()
export abstract class LanguageTemplateSendFields extends TemplateSendFields {
  @Field(() => String, { nullable: true, description: "The recipient's language; default (and fallback): en, else the oldest enabled template of the code" })
  languageCode?: string | null;
}

@InputType()
export abstract class SendLogPageFields extends PageParamSortedBy('SendLogSortField', sendLogPageSort) {
  @Field(() => Int64, { nullable: true })
  templateId?: number | null;

  @Field(() => String, { nullable: true })
  templateCode?: string | null;

  @Field(() => Int, { nullable: true, description: '0 sending, 10 success, 20 failure' })
  sendStatus?: number | null;
}

@ObjectType()
export abstract class SendLogViewFields {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int64)
  templateId!: number;

  @Field(() => String)
  templateCode!: string;

  @Field(() => Int64, { nullable: true })
  userId!: number | null;

  @Field(() => Int, { nullable: true })
  userType!: number | null;

  @Field(() => TemplateParamsJSON, { description: 'The parameter values it was rendered with (secret ones as ******)' })
  params!: Record<string, unknown>;

  @Field(() => Int, { description: '0 sending, 10 success, 20 failure' })
  sendStatus!: number;

  @Field(() => DateTime, { nullable: true })
  sendTime!: Date | null;

  @Field(() => DateTime)
  createTime!: Date;
}
