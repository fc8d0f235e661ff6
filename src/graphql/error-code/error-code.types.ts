import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { errorCodePageSort } from '../../core/error-code/error-code-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('ErrorCodeSaveReqVO', {
  description: 'A message override of a catalogue error code for one language: id omitted on create, required on update',
})
export class ErrorCodeSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'Who maintains the text, e.g. openbuy-console; at most 50 characters' })
  applicationName!: string;

  @Field(() => Int, { description: 'A code of the catalogue (errorCodes); every catalogue code fits a 32-bit integer' })
  code!: number;

  @Field(() => String, { description: 'Language tag (en, pt, zh-CN...), stored in canonical casing; one override per code and language' })
  langType!: string;

  @Field(() => String, { description: 'At most 500 characters; may use the {param} names of the catalogue template, and no other braces' })
  message!: string;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  memo?: string | null;
}

@InputType('ErrorCodePageReqVO', { description: 'A page of message overrides: applicationName and message match when contained, code and langType exactly' })
export class ErrorCodePageReqVO extends PageParamSortedBy('ErrorCodeSortField', errorCodePageSort) {
  @Field(() => String, { nullable: true })
  applicationName?: string | null;

  @Field(() => Int, { nullable: true })
  code?: number | null;

  @Field(() => String, { nullable: true })
  langType?: string | null;

  @Field(() => String, { nullable: true })
  message?: string | null;
}

@ObjectType('ErrorCodeView', { description: 'A message override of a catalogue error code for one language' })
export class ErrorCodeView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  applicationName!: string;

  @Field(() => Int)
  code!: number;

  @Field(() => String)
  langType!: string;

  @Field(() => String)
  message!: string;

  @Field(() => String, { nullable: true })
  memo!: string | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const ErrorCodeViewPage = PageOf(ErrorCodeView);

@ObjectType('ErrorMessageOverride', { description: 'The message a catalogue code answers with in one language' })
export class ErrorMessageOverrideView {
  @Field(() => Int64, { description: 'The override\'s id (errorCode, updateErrorCode)' })
  id!: number;

  @Field(() => String)
  langType!: string;

  @Field(() => String)
  message!: string;
}

@ObjectType({ description: 'A coded error the service can answer with' })
export class ErrorCodeEntry {
  @Field(() => String, { description: 'Catalogue name, e.g. TENANT_NOT_FOUND' })
  name!: string;

  @Field(() => Int)
  code!: number;

  @Field(() => String, { description: 'Message template; {name} marks a parameter' })
  message!: string;

  @Field(() => Int, { description: 'HTTP status on the REST face (200 for business rejections)' })
  httpStatus!: number;

  @Field(() => [ErrorMessageOverrideView], { description: 'The message per language where it is overridden, by language' })
  overrides!: ErrorMessageOverrideView[];
}
