// The error-message overrides as every error answer consults them: held in memory, so describing an
// error never queries the database. Loaded at start-up and again on every `error-messages-changed`
// message of the invalidation bus (published by each write, delivered to every process).
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { ErrorMessages } from '../errors/describe-error';
import type { ServiceLogger } from '../logger';

export interface StoredErrorMessage {
  code: number;
  langType: string;
  message: string;
}

export class ErrorMessageStore {
  /** code -> lower-cased language tag -> message template. */
  private overrides = new Map<number, ReadonlyMap<string, string>>();
  private latest: Promise<void> = Promise.resolve();

  constructor(
    private readonly loadMessages: () => Promise<StoredErrorMessage[]>,
    bus: InvalidationBus,
    private readonly logger: ServiceLogger,
  ) {
    bus.subscribe((message) => {
      if (message.kind === 'error-messages-changed') void this.reload();
    }, () => void this.reload());
  }

  /** The first load; a failure is thrown (the service does not start without its messages). */
  async start(): Promise<void> {
    this.replace(await this.loadMessages());
  }

  /** Reloads the overrides; the latest reload started wins. Never rejects: a failure keeps the previous overrides. */
  reload(): Promise<void> {
    const loading: Promise<void> = this.loadMessages().then(
      (stored) => {
        if (this.latest === loading) this.replace(stored);
      },
      (error: unknown) => this.logger.warn({ err: error }, 'reloading error-message overrides failed; the previous ones stay in force'),
    );
    this.latest = loading;
    return loading;
  }

  /** Resolves once the latest reload is in place (writers wait for it before they answer). */
  settled(): Promise<void> {
    return this.latest;
  }

  /**
   * The override of `code` for `language`: its exact tag first, then its primary subtag (`pt-BR`
   * falls back to `pt`); tags compare case-insensitively.
   */
  readonly lookup: ErrorMessages = (code, language) => {
    const byLanguage = this.overrides.get(code);
    if (!byLanguage) return undefined;
    const tag = language.toLowerCase();
    return byLanguage.get(tag) ?? byLanguage.get(tag.split('-')[0] as string);
  };

  private replace(stored: readonly StoredErrorMessage[]): void {
    const overrides = new Map<number, Map<string, string>>();
    for (const { code, langType, message } of stored) {
      let byLanguage = overrides.get(code);
      if (!byLanguage) overrides.set(code, (byLanguage = new Map()));
      byLanguage.set(langType.toLowerCase(), message);
    }
    this.overrides = overrides;
  }
}
