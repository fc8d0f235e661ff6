import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { verificationCodePageSort } from '../../core/verification/verification-code-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

const SCENE = 'What the code is for: 1 member login, 2 member update mobile, 3 member update password, 4 member reset password, 5 member register, 21 admin login, 22 admin reset password';

// The fields the SMS and mail shapes share; each shape adds its target (mobile or mail). Decorated
// so that the shapes inherit their fields; no resolver names them, so the schema has no such types.
@InputType()
abstract class CodeSceneFields {
  @Field(() => Int, { description: SCENE })
  scene!: number;
}

@InputType()
abstract class CodeSendFields extends CodeSceneFields {
  @Field(() => String, { description: 'The IPv4 or IPv6 address of whoever asked for the code' })
  createIp!: string;
}

@InputType()
abstract class CodeValidateFields extends CodeSceneFields {
  @Field(() => String)
  code!: string;
}

@InputType()
abstract class CodeUseFields extends CodeValidateFields {
  @Field(() => String, { description: 'The IPv4 or IPv6 address the code was used from' })
  usedIp!: string;
}

@InputType('SmsCodeSendReqDTO', { description: 'Sends a verification code to a mobile through the SMS template of the scene' })
export class SmsCodeSendReqDTO extends CodeSendFields {
  @Field(() => String, { description: '5 to 20 digits, optionally after +' })
  mobile!: string;
}

@InputType('SmsCodeValidateReqDTO', { description: 'Checks the latest code of a mobile and scene without using it; a wrong code counts an attempt' })
export class SmsCodeValidateReqDTO extends CodeValidateFields {
  @Field(() => String)
  mobile!: string;
}

@InputType('SmsCodeUseReqDTO', { description: 'Uses the latest code of a mobile and scene, once' })
export class SmsCodeUseReqDTO extends CodeUseFields {
  @Field(() => String)
  mobile!: string;
}

@InputType('MailCodeSendReqDTO', { description: 'Sends a verification code to a mail address through the mail template of the scene' })
export class MailCodeSendReqDTO extends CodeSendFields {
  @Field(() => String, { description: 'A mail address of at most 254 characters (compared in lower case)' })
  mail!: string;
}

@InputType('MailCodeValidateReqDTO', { description: 'Checks the latest code of a mail address and scene without using it; a wrong code counts an attempt' })
export class MailCodeValidateReqDTO extends CodeValidateFields {
  @Field(() => String)
  mail!: string;
}

@InputType('MailCodeUseReqDTO', { description: 'Uses the latest code of a mail address and scene, once' })
export class MailCodeUseReqDTO extends CodeUseFields {
  @Field(() => String)
  mail!: string;
}

@InputType('VerificationCodePageReqVO', { description: 'A page of sent verification codes, newest first' })
export class VerificationCodePageReqVO extends PageParamSortedBy('VerificationCodeSortField', verificationCodePageSort) {
  @Field(() => String, { nullable: true, description: 'sms or mail' })
  channel?: string | null;

  @Field(() => String, { nullable: true, description: 'The mobile or mail address, exactly' })
  target?: string | null;

  @Field(() => Int, { nullable: true })
  scene?: number | null;

  @Field(() => Boolean, { nullable: true })
  used?: boolean | null;
}

@ObjectType('VerificationCodeView', { description: 'A sent verification code; the code itself is never shown' })
export class VerificationCodeView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String, { description: 'sms or mail' })
  channel!: string;

  @Field(() => String, { description: 'The mobile or mail address' })
  target!: string;

  @Field(() => Int)
  scene!: number;

  @Field(() => String)
  createIp!: string;

  @Field(() => Int, { description: 'Which send of the UTC day to this target it was (from 1)' })
  todayIndex!: number;

  @Field(() => Boolean)
  used!: boolean;

  @Field(() => DateTime, { nullable: true })
  usedTime!: Date | null;

  @Field(() => String, { nullable: true })
  usedIp!: string | null;

  @Field(() => Int, { description: 'Wrong codes tried against it' })
  attempts!: number;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'expireTime' })
  expiresAt!: Date;
}

export const VerificationCodeViewPage = PageOf(VerificationCodeView);
