// What the SMS and mail senders share: the send request, secret parameters kept out of the log,
// the send pipeline (deliverAndLog: log row first, then the client, then the outcome), and the
// log's page filters and records.
import { recordIdSchema } from '../admin/save-shape';
import { type ErrorDefinition, ServiceError } from '../errors/service-error';
import type { ServiceLogger } from '../logger';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { z } from '../validation';
import { type TemplateParams, templateParamsSchema } from './template';
import { optionSchema } from '../options/option-sets';

/** The kind of user a message went to (UserType: 1 member, 2 administrator, 3 open-platform client). */
export const userTypeSchema = optionSchema('USER_TYPE');

/** What every send request carries besides the recipient's address. */
export interface SendRequest {
  templateCode: string;
  params: TemplateParams;
  /** Names of `params` no log may hold (a verification code): the log row shows SECRET_MASK instead. */
  secretParams?: readonly string[] | null;
  /** The user the message goes to, when it goes to one. */
  userId?: number | null;
  userType?: number | null;
}

export const sendRequestSchema = z.object({
  templateCode: z.string().min(1).max(63),
  params: templateParamsSchema,
  secretParams: z.array(z.string().min(1).max(64)).max(50).nullish(),
  userId: recordIdSchema.nullish(),
  userType: userTypeSchema.nullish(),
});

/** What a log shows instead of the value of a secret parameter. */
export const SECRET_MASK = '******';

/**
 * A message rendered twice by `render`: as sent, with the real values, and as logged, with the
 * values of the secret parameters masked, so no log row holds a secret the recipient was sent.
 */
export function sentAndLogged<Message>(
  params: TemplateParams,
  secretParams: readonly string[] | null | undefined,
  render: (params: TemplateParams) => Message,
): { sent: Message; logged: Message } {
  const secret = new Set(secretParams);
  const masked = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, secret.has(name) ? SECRET_MASK : value]));
  return { sent: render(params), logged: render(masked) };
}

/** A log row is written as SENDING before the client is called, then set to SUCCESS or FAILURE. */
export const SendStatus = { SENDING: 0, SUCCESS: 10, FAILURE: 20 } as const;

/** The columns every send log row has, filled by deliverAndLog. */
export interface SendLogRow {
  tenantId: number;
  userId: number | null;
  userType: number | null;
  sendStatus: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What a channel's client made of one message: why it failed (null: it went out), and its answer as log columns. */
export interface DeliveryOutcome<Answer> {
  failure: string | null;
  answer: Answer;
}

/** The channel's own steps of one send (SMS or mail); deliverAndLog runs them in the order every send shares. */
export interface Delivery<Answer> {
  /** Writes the send's log row: these columns and the channel's own; answers its id. */
  writeLog(row: SendLogRow): Promise<{ id: number }>;
  /** Hands the message to the channel's client. */
  deliver(logId: number): Promise<DeliveryOutcome<Answer>>;
  /** The outcome when the client threw (`reason`: its message, at most MAX_FAILURE_CHARS). */
  thrown(reason: string): DeliveryOutcome<Answer>;
  /** Records the outcome on the log row. */
  recordOutcome(logId: number, row: Answer & { sendStatus: number; sendTime: Date; updatedAt: Date }): Promise<unknown>;
  /** A failed send answers `error` (parameters logId and reason) after a service-log warning of `message` with `details`. */
  failed: { error: ErrorDefinition; logger: ServiceLogger; message: string; details: Record<string, unknown> };
}

/** How much of a thrown error's message a log row keeps. */
const MAX_FAILURE_CHARS = 1000;

/**
 * One send, to the user of `userId` and `userType` when it goes to one: its log row is written first
 * (SENDING), then the client is called and the outcome recorded (SUCCESS or FAILURE, with the send
 * time). A failure answers `delivery.failed.error` naming the log row, so no caller reports a message
 * that did not go out. Answers the log row.
 */
export async function deliverAndLog<Answer>(
  ctx: RequestContext,
  { userId, userType }: Pick<SendRequest, 'userId' | 'userType'>,
  delivery: Delivery<Answer>,
): Promise<{ logId: number }> {
  const now = ctx.now();
  const { id: logId } = await delivery.writeLog({
    tenantId: tenantIdOf(ctx),
    userId: userId ?? null,
    userType: userType ?? null,
    sendStatus: SendStatus.SENDING,
    createdAt: now,
    updatedAt: now,
  });
  let outcome: DeliveryOutcome<Answer>;
  try {
    outcome = await delivery.deliver(logId);
  } catch (error) {
    outcome = delivery.thrown((error instanceof Error ? error.message : String(error)).slice(0, MAX_FAILURE_CHARS));
  }
  const { failure, answer } = outcome;
  const sentAt = ctx.now();
  await delivery.recordOutcome(logId, { ...answer, sendStatus: failure === null ? SendStatus.SUCCESS : SendStatus.FAILURE, sendTime: sentAt, updatedAt: sentAt });
  if (failure !== null) {
    const { error, logger, message, details } = delivery.failed;
    logger.warn({ ...details, logId, reason: failure }, message);
    throw new ServiceError(error, { logId, reason: failure });
  }
  return { logId };
}

export const sendStatusSchema = optionSchema('SEND_STATUS');

/** Log page filters every log has: the template and the send status. */
const sendLogFilterShape = {
  templateId: recordIdSchema.nullish(),
  templateCode: z.string().max(63).nullish(),
  sendStatus: sendStatusSchema.nullish(),
};

/** A log's page filters: the shared ones, the log's own `shape`, and when the send started. */
export function sendLogPageFilterSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...sendLogFilterShape, ...shape });
}

/** The where clause of the shared filters. */
export function sendLogWhere(filter: z.infer<z.ZodObject<typeof sendLogFilterShape>>) {
  const { templateId, templateCode, sendStatus } = filter;
  return {
    ...(templateId != null ? { templateId } : {}),
    ...(templateCode ? { templateCode } : {}),
    ...(sendStatus != null ? { sendStatus } : {}),
  };
}

/** The parameters a log row was rendered with (a JSON object column). */
export function loggedParams(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A send log row as a log page shows it; the SMS and mail logs add their own columns. */
export interface SendLogRecord {
  id: number;
  templateId: number;
  templateCode: string;
  userId: number | null;
  userType: number | null;
  content: string;
  /** The parameter values it was rendered with, secret ones as SECRET_MASK. */
  params: Record<string, unknown>;
  sendStatus: number;
  sendTime: Date | null;
  createTime: Date;
}

/** A stored log row as a log page shows it: no tenant or update time, created as createTime. */
function sendLogRecord<Row extends StoredSendLog>(row: Row) {
  const { tenantId: _tenantId, createdAt, updatedAt: _updatedAt, params, ...fields } = row;
  return { ...fields, params: loggedParams(params), createTime: createdAt };
}

interface StoredSendLog {
  tenantId: number;
  createdAt: Date;
  updatedAt: Date;
  params: unknown;
}

/**
 * Newest first unless the request asks otherwise; by the columns the indexes led by the tenant serve
 * (logs grow without bound).
 */
export const sendLogPageSort = pageSort({ id: 'id', createTime: 'createdAt' }, [{ id: 'desc' }]);
type SendLogQuery = ReturnType<typeof pageQuery<'id' | 'createTime', 'id' | 'createdAt', 'createdAt'>>;

/** A page of a send log (the tenant's SMS or mail log) of the rows `filter` selects. */
export async function sendLogPage<Filter extends object, Row extends StoredSendLog>(
  page: PageRequest,
  filter: Filter,
  log: {
    findMany(args: { where: Filter & SendLogQuery['where']; orderBy: SendLogQuery['orderBy']; skip: number; take: number }): Promise<Row[]>;
    count(args: { where: Filter & SendLogQuery['where'] }): Promise<number>;
  },
) {
  const { window, where: pageWhere, orderBy } = pageQuery(page, sendLogPageSort);
  const where = { ...filter, ...pageWhere };
  const [stored, total] = await Promise.all([log.findMany({ where, orderBy, ...window }), log.count({ where })]);
  return { list: stored.map(sendLogRecord), total };
}
