// SMS clients: one per channel code (the `code` of an SMS channel names the client that sends
// through it). A client gets the channel's settings and one rendered message, and answers what the
// provider said; the sender writes that to the SMS log. More providers are added to the registry
// built in core.ts.
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { ServiceLogger } from '../logger';
import type { TemplateParams } from './template';

/** The settings of a channel a client sends with. */
export interface SmsChannelSettings {
  code: string;
  signature: string;
  apiKey: string;
  apiSecret: string | null;
  callbackUrl: string | null;
}

export interface SmsMessage {
  /** The SMS log row of this send (a reference the provider may echo). */
  logId: number;
  mobile: string;
  apiTemplateId: string;
  params: TemplateParams;
  /** The rendered text, for providers that take text rather than a template id. */
  content: string;
  /** The rendered text with secret parameters (verification codes) masked, as the SMS log keeps it. */
  loggedContent: string;
}

/** What the provider answered; `success: false` is a rejection the log records as a failure. */
export interface SmsSendResult {
  success: boolean;
  apiSendCode?: string | null;
  apiSendMsg?: string | null;
  apiRequestId?: string | null;
  apiSerialNo?: string | null;
}

export interface SmsClient {
  /** The channel code it serves (upper case). */
  readonly code: string;
  /** What the console shows next to the code. */
  readonly description: string;
  /** Throws SMS_CHANNEL_CONFIG_INVALID when a channel lacks a setting this client needs. */
  checkSettings(channel: SmsChannelSettings): void;
  /** Sends one message; a thrown error is recorded as a failure like a rejection. */
  send(channel: SmsChannelSettings, message: SmsMessage): Promise<SmsSendResult>;
}

export class SmsClientRegistry {
  private readonly byCode: ReadonlyMap<string, SmsClient>;

  constructor(clients: readonly SmsClient[]) {
    this.byCode = new Map(clients.map((client) => [client.code, client]));
  }

  get codes(): string[] {
    return [...this.byCode.keys()];
  }

  /** The client of a channel code; SMS_CHANNEL_CODE_UNKNOWN listing the accepted codes otherwise. */
  client(code: string): SmsClient {
    const client = this.byCode.get(code);
    if (!client) throw new ServiceError(ErrorCatalogue.SMS_CHANNEL_CODE_UNKNOWN, { code, accepted: this.codes.join(', ') });
    return client;
  }
}

/**
 * The built-in LOG channel: writes the rendered message to the service log and succeeds. Sends
 * nothing, so a tenant can dry-run templates in any environment. Secret parameters (verification
 * codes) are masked as in the SMS log: nothing secret reaches the service log.
 */
export class LogSmsClient implements SmsClient {
  readonly code = 'LOG';
  readonly description = 'Writes each message to the service log instead of sending it';

  constructor(private readonly logger: ServiceLogger) {}

  checkSettings(): void {}

  async send(channel: SmsChannelSettings, message: SmsMessage): Promise<SmsSendResult> {
    this.logger.info(
      { smsLogId: message.logId, signature: channel.signature, mobile: message.mobile, apiTemplateId: message.apiTemplateId, content: message.loggedContent },
      'SMS written to the log (LOG channel)',
    );
    return { success: true, apiSendCode: 'OK', apiSendMsg: 'written to the service log', apiSerialNo: `log-${message.logId}` };
  }
}
