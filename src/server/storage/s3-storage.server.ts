import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertSafeKey,
  BlobNotFoundError,
  type BlobRead,
  type BlobStorage,
  contentTypeOf,
  type DownloadOptions,
  type UrlSigner,
} from './blob-storage.server';
import { sigV4Presigner, uriEncode } from './sigv4-presign.server';

export interface S3StorageOptions {
  bucket: string;
  /** Any S3-compatible service (MinIO, R2, B2…); unset = AWS. */
  endpoint?: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (environment, instance role…). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted services). */
  forcePathStyle?: boolean;
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
  }
  return false;
}

/** An S3-compatible bucket; the browser gets presigned GET URLs, so the bucket itself stays private. */
export class S3Storage implements BlobStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly region: string;
  /** Where object URLs start: the bucket's host, or the endpoint plus `/{bucket}` with path-style addressing. */
  private readonly origin: string;
  private readonly bucketPath: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.region = options.region;
    this.origin = s3MediaOrigin(options);
    this.bucketPath = options.forcePathStyle ? `/${uriEncode(options.bucket)}` : '';
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    // PutObject needs a known length; our files (an image ≤ 5 MB, an 8 s video) fit in memory, which avoids
    // multipart uploads and their clean-up.
    const bytes = Buffer.isBuffer(body) ? body : await collect(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async getStream(key: string): Promise<Readable> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(result.Body instanceof Readable)) throw new Error(`S3 GetObject ${key} returned no stream`);
      return result.Body;
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  /**
   * GetObject with the Range header passed on: S3 serves one byte range per RFC 9110 and answers 206 with
   * Content-Range, or 416 InvalidRange when the range starts past the end
   * (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html, "Range").
   */
  async readRange(key: string, range: string | undefined): Promise<BlobRead> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: range } : {}) }),
      );
      if (!(result.Body instanceof Readable)) throw new Error(`S3 GetObject ${key} returned no stream`);
      const length = result.ContentLength ?? 0;
      const ranged = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(result.ContentRange ?? '');
      const [start, end, size] = ranged ? ranged.slice(1).map(Number) : [0, length - 1, length];
      return {
        status: ranged ? 206 : 200,
        size: size ?? length,
        start: start ?? 0,
        end: end ?? length - 1,
        contentType: result.ContentType ?? contentTypeOf(key),
        body: result.Body,
      };
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        return { status: 416, size: undefined };
      }
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * CopyObject then DeleteObject: S3 has no rename (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CopyObject.html,
   * a server-side copy of up to 5 GB in one request; `x-amz-copy-source` is `bucket/key`, URL-encoded). Once the
   * original is deleted, a GET of it — a presigned URL handed out earlier included — answers 404 NoSuchKey (403
   * AccessDenied when the credentials lack s3:ListBucket), https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html,
   * "Permissions". A repeated move copies again and deletes again: the same end.
   */
  async move(from: string, to: string): Promise<boolean> {
    assertSafeKey(from);
    assertSafeKey(to);
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${uriEncode(this.bucket)}/${from}`,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    await this.delete(from);
    return true;
  }

  async signedUrl(key: string, options: { ttlSeconds: number } & DownloadOptions): Promise<string> {
    return (await this.urlSigner(options))(key, options);
  }

  /** Presigned GetObject URLs, signed locally (sigv4-presign.server.ts) with the client's current credentials. */
  async urlSigner(options: { ttlSeconds: number }): Promise<UrlSigner> {
    const sign = sigV4Presigner({
      credentials: await this.client.config.credentials(),
      region: this.region,
      service: 's3',
      signedAt: new Date(),
      expiresIn: options.ttlSeconds,
    });
    return (key, { download = false, fileName: name } = {}) => {
      // A safe key is made of RFC 3986 unreserved characters and `/` only: it is its own UriEncoding.
      assertSafeKey(key);
      const path = `${this.bucketPath}/${key}`;
      const fileName = name ?? key.split('/').pop() ?? 'arquivo';
      return sign(
        this.origin,
        path,
        download ? { 'response-content-disposition': `attachment; filename="${fileName}"` } : {},
      );
    };
  }

  destroy(): void {
    this.client.destroy();
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Where the browser fetches presigned URLs from, for the Content-Security-Policy's img-src and media-src. */
export function s3MediaOrigin(options: {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  forcePathStyle?: boolean;
}): string {
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  return options.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}
