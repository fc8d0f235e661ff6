// Files the service hands out by URL (invoice PDFs, QC photos). They live in the StoredFile table so
// every process behind a balancer serves the same bytes. The key is 32 random bytes: whoever holds
// the URL may read the file (the URL is the capability), so it is never derived from anything guessable.
import { randomBytes } from 'node:crypto';
import type { Db, DbTransaction } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { RequestContext } from '../request-context';
import { SYSTEM_TENANT_ID } from '../tenant/tenant-directory';

/** Largest file `put` accepts, in bytes (10 MiB). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * What may be stored. Files are served inline from the service's own origin, so anything a browser
 * would run (HTML, SVG, scripts) is refused rather than served.
 */
export const STORABLE_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export type StorableContentType = (typeof STORABLE_CONTENT_TYPES)[number];

/** 32 bytes in base64url without padding. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface PutFileInput {
  contentType: string;
  /** Shown to the browser in Content-Disposition; reduced to safe ASCII when stored. */
  fileName: string;
  data: Uint8Array;
}

export interface StoredFileRef {
  key: string;
  /** Absolute URL of the file (`${PUBLIC_BASE_URL}/files/<key>`). */
  url: string;
}

export interface FileContent {
  key: string;
  contentType: string;
  fileName: string;
  size: number;
  data: Buffer;
  createdAt: Date;
}

/**
 * A file name safe inside a quoted Content-Disposition parameter and on any file system: accents
 * dropped (ção -> cao), anything else outside [A-Za-z0-9._-] becomes '_', no leading dot.
 */
export function safeFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 200);
  return ascii || 'file';
}

export class FileStore {
  private readonly publicBaseUrl: string;

  constructor(
    private readonly db: Db,
    /** Absolute base of the URLs handed out, e.g. https://api.example.com (trailing slashes ignored). */
    publicBaseUrl: string,
  ) {
    this.publicBaseUrl = publicBaseUrl.replace(/\/+$/, '');
  }

  urlOf(key: string): string {
    return `${this.publicBaseUrl}/files/${key}`;
  }

  /**
   * Stores a file and answers its key and URL. Pass `tx` to store it in the caller's transaction
   * (the file then exists only if the caller's other writes commit too).
   */
  async put(ctx: RequestContext, input: PutFileInput, tx?: DbTransaction): Promise<StoredFileRef> {
    const fileName = safeFileName(input.fileName);
    if (!(STORABLE_CONTENT_TYPES as readonly string[]).includes(input.contentType)) {
      throw new ServiceError(ErrorCatalogue.FILE_TYPE_NOT_ALLOWED, { contentType: input.contentType, allowed: STORABLE_CONTENT_TYPES.join(', ') });
    }
    const size = input.data.byteLength;
    if (size === 0) throw new ServiceError(ErrorCatalogue.FILE_EMPTY, { fileName });
    if (size > MAX_FILE_BYTES) throw new ServiceError(ErrorCatalogue.FILE_TOO_LARGE, { fileName, size, limit: MAX_FILE_BYTES });
    const key = randomBytes(32).toString('base64url');
    await (tx ?? this.db).storedFile.create({
      data: {
        // Files made outside any tenant (system jobs) belong to the system tenant.
        tenantId: ctx.tenantId ?? SYSTEM_TENANT_ID,
        key,
        contentType: input.contentType,
        fileName,
        size,
        // Prisma's Bytes want a Uint8Array over an ArrayBuffer (the input may be typed over a SharedArrayBuffer).
        data: new Uint8Array(input.data),
        createdAt: ctx.now(),
      },
    });
    return { key, url: this.urlOf(key) };
  }

  /** The file of `key`, or null; anything that cannot be a key is not looked up. */
  async get(key: string): Promise<FileContent | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const file = await this.db.storedFile.findUnique({ where: { key } });
    if (!file) return null;
    return {
      key: file.key,
      contentType: file.contentType,
      fileName: file.fileName,
      size: file.size,
      data: Buffer.from(file.data),
      createdAt: file.createdAt,
    };
  }
}
