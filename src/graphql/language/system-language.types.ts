import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { systemLanguagePageSort } from '../../core/language/system-language-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

const WHITELIST_RULES =
  '["ALL"] admits everyone (the literal "[ALL]" is read as ALL; ALL must be the only entry); [] admits nobody; otherwise only the entries listed. ' +
  'A language is visible when enabled, showFlag is true, and both whitelists admit the viewer. Omitted: [] on create, the stored list on update';

@InputType('SystemLanguageSaveReqVO', { description: 'A language of the apps, shared by every tenant (changed by the system tenant only): id omitted on create, required on update' })
export class SystemLanguageSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'Unique language tag such as en, pt or zh-CN, at most 10 characters (stored in canonical case)' })
  langCode!: string;

  @Field(() => String, { description: '1..64 characters' })
  langName!: string;

  @Field(() => Boolean, { description: 'false hides the language from every viewer' })
  showFlag!: boolean;

  @Field(() => [String], { nullable: true, description: `User ids (digits), at most 1000. ${WHITELIST_RULES}` })
  whitelistUserIds?: string[] | null;

  @Field(() => [String], { nullable: true, description: `ISO 3166-1 alpha-2 country codes (any case, stored upper case). ${WHITELIST_RULES}` })
  whitelistCountries?: string[] | null;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  remark?: string | null;
}

@InputType('SystemLanguagePageReqVO', { description: 'A page of system languages: pageNo from 1, pageSize 1..100, optional filters (langCode and langName match when contained)' })
export class SystemLanguagePageReqVO extends PageParamSortedBy('SystemLanguageSortField', systemLanguagePageSort) {
  @Field(() => String, { nullable: true })
  langCode?: string | null;

  @Field(() => String, { nullable: true })
  langName?: string | null;

  @Field(() => Boolean, { nullable: true })
  showFlag?: boolean | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('SystemLanguageView', { description: 'A language of the apps' })
export class SystemLanguageView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  langCode!: string;

  @Field(() => String)
  langName!: string;

  @Field(() => Boolean)
  showFlag!: boolean;

  @Field(() => [String], { description: '["ALL"], [] (nobody) or user ids' })
  whitelistUserIds!: string[];

  @Field(() => [String], { description: '["ALL"], [] (nowhere) or country codes' })
  whitelistCountries!: string[];

  @Field(() => Int)
  sort!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'updateTime' })
  updatedAt!: Date;
}

export const SystemLanguageViewPage = PageOf(SystemLanguageView);
