// Verification codes of the caller's tenant (system:verification-code:*): send, validate and use
// SMS and mail codes for a target, and a page of what was sent (never the codes themselves).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { VerificationCodeRecord } from '../../core/verification/verification-code-service';
import { type Page, splitPageInput } from '../common/page';
import type { GraphQLContext } from '../context';
import {
  MailCodeSendReqDTO,
  MailCodeUseReqDTO,
  MailCodeValidateReqDTO,
  SmsCodeSendReqDTO,
  SmsCodeUseReqDTO,
  SmsCodeValidateReqDTO,
  VerificationCodePageReqVO,
  VerificationCodeViewPage,
} from './verification-code.types';

@Resolver()
export class VerificationCodeResolver {
  @Authorized('system:verification-code:send')
  @Mutation(() => Boolean, { description: 'Sends a new code to the mobile (minimum interval and daily maximum apply)' })
  async sendSmsCode(@Arg('input', () => SmsCodeSendReqDTO) input: SmsCodeSendReqDTO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.verificationCodes.send(ctx, 'sms', input);
    return true;
  }

  @Authorized('system:verification-code:use')
  @Mutation(() => Boolean, { description: 'Checks the code without using it; a wrong code counts an attempt' })
  async validateSmsCode(@Arg('input', () => SmsCodeValidateReqDTO) input: SmsCodeValidateReqDTO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.verificationCodes.validate(ctx, 'sms', input);
    return true;
  }

  @Authorized('system:verification-code:use')
  @Mutation(() => Boolean, { description: 'Uses the code, once' })
  async useSmsCode(@Arg('input', () => SmsCodeUseReqDTO) input: SmsCodeUseReqDTO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.verificationCodes.use(ctx, 'sms', input);
    return true;
  }

  @Authorized('system:verification-code:send')
  @Mutation(() => Boolean, { description: 'Sends a new code to the mail address (minimum interval and daily maximum apply)' })
  async sendMailCode(@Arg('input', () => MailCodeSendReqDTO) input: MailCodeSendReqDTO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.verificationCodes.send(ctx, 'mail', input);
    return true;
  }

  @Authorized('system:verification-code:use')
  @Mutation(() => Boolean, { description: 'Checks the code without using it; a wrong code counts an attempt' })
  async validateMailCode(@Arg('input', () => MailCodeValidateReqDTO) input: MailCodeValidateReqDTO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.verificationCodes.validate(ctx, 'mail', input);
    return true;
  }

  @Authorized('system:verification-code:use')
  @Mutation(() => Boolean, { description: 'Uses the code, once' })
  async useMailCode(@Arg('input', () => MailCodeUseReqDTO) input: MailCodeUseReqDTO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.verificationCodes.use(ctx, 'mail', input);
    return true;
  }

  @Authorized('system:verification-code:query')
  @Query(() => VerificationCodeViewPage, { nullable: true, description: 'Sent codes, newest first, without the codes' })
  verificationCodePage(
    @Arg('input', () => VerificationCodePageReqVO) input: VerificationCodePageReqVO,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<Page<VerificationCodeRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.verificationCodes.page(ctx, page, filter);
  }
}
