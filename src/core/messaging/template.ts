// Message templates (SMS, mail, in-app notify) name their parameters as `{name}` in the content.
// One parser and one renderer serve every kind so that "which parameters does this template need"
// and "render it" always agree.
import { commonStatusSchema, optionalText } from '../admin/save-shape';
import { jsonStrings } from '../db/json-values';
import { ErrorCatalogue } from '../errors/catalogue';
import { type ErrorDefinition, ServiceError } from '../errors/service-error';
import { DEFAULT_LANGUAGE, languageCodeSchema } from '../language/language-code';
import { z } from '../validation';
import { fieldText } from '../validation-messages';

/** Parameter values a caller hands to a send: rendered with String(). */
export type TemplateParams = Record<string, string | number>;

/** The bounds of a send's parameters (SMS, mail, notify): at most 50 names, values up to 1000 characters. */
export const templateParamsSchema = z
  .record(z.string().min(1).max(64), z.union([z.string().max(1000), z.number()]))
  .refine((params) => Object.keys(params).length <= 50, fieldText('atMost50Parameters'));

// A parameter name: a letter or underscore, then letters, digits, underscores, dots or dashes.
// Braces around anything else (JSON in a mail body, `{ }`) are left alone as literal text.
const PARAMETER = /\{([A-Za-z_][\w.-]*)\}/g;

/** The distinct parameter names of a template's content, in order of first appearance. */
export function templateParams(content: string): string[] {
  return [...new Set(Array.from(content.matchAll(PARAMETER), (match) => match[1]!))];
}

/**
 * Replaces every `{name}` of the content by its value (passed through `encode`, e.g. HTML escaping
 * for a mail body). A parameter the content names but the caller did not give answers
 * MESSAGE_TEMPLATE_PARAM_MISSING (the first missing one); extra values are ignored.
 */
export function renderTemplate(content: string, params: TemplateParams, templateCode: string, encode: (value: string) => string = String): string {
  const missing = templateParams(content).find((name) => !Object.hasOwn(params, name) || params[name] === null || params[name] === undefined);
  if (missing !== undefined) throw new ServiceError(ErrorCatalogue.MESSAGE_TEMPLATE_PARAM_MISSING, { templateCode, param: missing });
  return content.replace(PARAMETER, (_whole, name: string) => encode(String(params[name])));
}

/** The values of the parameters a template `names`: what a send keeps (call after renderTemplate checked them). */
export function usedParams(names: readonly string[], params: TemplateParams): TemplateParams {
  return Object.fromEntries(names.map((name) => [name, params[name]!]));
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes a value for HTML text or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

// Templates kept per code and language (mail, in-app notify): how their pages filter, and which
// language a send picks.

/** The save fields of templates per language (MailTemplateSaveReqVO, NotifyTemplateSaveReqVO) besides their own. */
export const languageTemplateSaveFields = {
  name: z.string().min(1).max(63),
  code: z.string().min(1).max(63),
  languageCode: languageCodeSchema,
  status: commonStatusSchema,
  remark: optionalText(500),
};

/** A template per language as its service answers it; mail and notify templates add their own fields. */
export interface LanguageTemplateRecord {
  id: number;
  name: string;
  code: string;
  languageCode: string;
  content: string;
  /** The `{name}` parameters, in order. */
  params: string[];
  status: number;
  remark: string | null;
  createTime: Date;
}

/** The columns a LanguageTemplateRecord is read from (see templateRecord). */
/** The status of a template that sends (commonStatus 0). */
export const TEMPLATE_ENABLED = 0;

export const LANGUAGE_TEMPLATE_COLUMNS = {
  id: true,
  name: true,
  code: true,
  languageCode: true,
  content: true,
  params: true,
  status: true,
  remark: true,
  createdAt: true,
} as const;

/** A stored template as its record: the parameters column read as strings, createdAt as createTime. */
export function templateRecord<Row extends { params: unknown; createdAt: Date }>({ params, createdAt, ...fields }: Row) {
  return { ...fields, params: jsonStrings(params), createTime: createdAt };
}

/** Page filters of templates per language: name and code match when contained, language and status exactly. */
export const languageTemplatePageFilterSchema = z.object({
  name: z.string().max(63).nullish(),
  code: z.string().max(63).nullish(),
  languageCode: languageCodeSchema.nullish(),
  status: commonStatusSchema.nullish(),
});

/** The where clause of those filters. */
export function languageTemplatePageWhere({ name, code, languageCode, status }: z.infer<typeof languageTemplatePageFilterSchema>) {
  return {
    ...(name ? { name: { contains: name } } : {}),
    ...(code ? { code: { contains: code } } : {}),
    ...(languageCode ? { languageCode } : {}),
    ...(status != null ? { status } : {}),
  };
}

/** CommonStatus of a template that may be sent. */
const ENABLED = 0;

/**
 * The template a send of `templateCode` uses, among all the code's templates (oldest first): the
 * enabled one in `languageCode` (case aside), else the enabled English one, else the oldest enabled.
 * Refuses `refusals.notFound` when the code has no template, `refusals.disabled` when none is enabled.
 */
export function templateToSend<T extends { languageCode: string; status: number }>(
  templates: readonly T[],
  { templateCode, languageCode }: { templateCode: string; languageCode?: string | null },
  refusals: { notFound: ErrorDefinition; disabled: ErrorDefinition },
): T {
  if (templates.length === 0) throw new ServiceError(refusals.notFound, { templateCode });
  const enabled = templates.filter((template) => template.status === ENABLED);
  const inLanguage = (code: string | null | undefined) => enabled.find((template) => template.languageCode.toLowerCase() === code?.toLowerCase());
  const template = inLanguage(languageCode) ?? inLanguage(DEFAULT_LANGUAGE) ?? enabled[0];
  if (!template) throw new ServiceError(refusals.disabled, { templateCode });
  return template;
}
