// What the messaging tests (SMS, mail, notify, verification codes) share: the service log kept in
// memory (where the LOG SMS channel writes), and the bounds of the template shapes kept per language.

/** A service log in memory: give `logger` to the test app, read the parsed `entries()`. */
export function memoryServiceLog() {
  const lines: string[] = [];
  return {
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** The message of the LOG SMS channel's entries. */
export const LOG_CHANNEL_MESSAGE = 'SMS written to the log (LOG channel)';

/** A field and input overrides giving it a value its bounds refuse. */
export type BadField = [field: string, overrides: Record<string, unknown>];

/** Bad values of the fields MailTemplateSaveReqVO and NotifyTemplateSaveReqVO share. */
export const LANGUAGE_TEMPLATE_BOUNDS: readonly BadField[] = [
  ['id', { id: 5 }],
  ['name', { name: '' }],
  ['name', { name: 'n'.repeat(64) }],
  ['code', { code: '' }],
  ['code', { code: 'c'.repeat(64) }],
  ['languageCode', { languageCode: '' }],
  ['languageCode', { languageCode: 'english!' }],
  ['languageCode', { languageCode: 'zh-Hant-TW1' }],
  ['status', { status: 2 }],
  ['remark', { remark: 'r'.repeat(501) }],
];
