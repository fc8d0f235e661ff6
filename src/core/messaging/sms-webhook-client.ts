// The WEBHOOK channel: hands each message to an HTTP endpoint of the tenant's own (an SMS gateway,
// a relay to a provider we have no client for). The channel's callbackUrl is the endpoint; each
// request is a JSON POST signed with the channel's apiSecret so the endpoint can tell it is ours:
//
//   POST <callbackUrl>
//   X-Api-Key: <apiKey>
//   X-Sms-Timestamp: <milliseconds since the epoch>
//   X-Sms-Signature: hex(HMAC-SHA256(apiSecret, "<timestamp>.<body>"))
//   {"logId":1,"signature":"OpenBuy","mobile":"+15550100","apiTemplateId":"T1","params":{"code":"1234"},"content":"..."}
//
// Any 2xx answer is a success; the endpoint may answer JSON {code?, msg?, requestId?, serialNo?},
// which the SMS log keeps. Anything else (non-2xx, timeout, refused connection) is a failure.
import { createHmac } from 'node:crypto';
import { ErrorCatalogue } from '../errors/catalogue';
import { type ReasonName, refusal } from '../errors/reasons';
import type { SmsChannelSettings, SmsClient, SmsMessage, SmsSendResult } from './sms-client';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an endpoint's answer the log keeps. */
const ANSWER_KEPT_CHARS = 500;

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

const textOf = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, ANSWER_KEPT_CHARS) : null);

/** Why the endpoint could not be reached: fetch says "fetch failed" and keeps the reason in its cause. */
function unreachableReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, ANSWER_KEPT_CHARS);
}

export class WebhookSmsClient implements SmsClient {
  readonly code = 'WEBHOOK';
  readonly description = 'POSTs each message as signed JSON to the channel\'s callbackUrl';

  constructor(private readonly options: { now: () => number; timeoutMs?: number }) {}

  checkSettings(channel: SmsChannelSettings): void {
    const invalid = (field: string, reason: ReasonName) => refusal(ErrorCatalogue.SMS_CHANNEL_CONFIG_INVALID, reason, { code: this.code, field });
    if (!channel.callbackUrl || !/^https?:\/\//i.test(channel.callbackUrl) || !URL.canParse(channel.callbackUrl)) {
      throw invalid('callbackUrl', 'smsCallbackUrl');
    }
    if (!channel.apiSecret) throw invalid('apiSecret', 'smsApiSecret');
  }

  async send(channel: SmsChannelSettings, message: SmsMessage): Promise<SmsSendResult> {
    this.checkSettings(channel);
    const body = JSON.stringify({
      logId: message.logId,
      signature: channel.signature,
      mobile: message.mobile,
      apiTemplateId: message.apiTemplateId,
      params: message.params,
      content: message.content,
    });
    const timestamp = String(this.options.now());
    const timeoutMs = this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    let response: Response;
    let text: string;
    try {
      response = await fetch(channel.callbackUrl!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': channel.apiKey,
          'x-sms-timestamp': timestamp,
          'x-sms-signature': webhookSignature(channel.apiSecret!, timestamp, body),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return { success: false, apiSendMsg: unreachableReason(error, timeoutMs) };
    }
    let answer: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answer = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: the raw text goes to the log as the message.
    }
    return {
      success: response.ok,
      apiSendCode: textOf(answer.code) ?? String(response.status),
      apiSendMsg: textOf(answer.msg) ?? (text.slice(0, ANSWER_KEPT_CHARS) || response.statusText),
      apiRequestId: textOf(answer.requestId),
      apiSerialNo: textOf(answer.serialNo),
    };
  }
}
