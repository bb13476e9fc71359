import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny S3 stand-in for tests: path-style requests (`/{bucket}/{key}`) on 127.0.0.1 for PutObject, CopyObject,
 * GetObject (also through presigned URLs, whose query is ignored except `response-content-disposition`), HeadObject
 * and DeleteObject. Signatures are not verified; objects live in memory. A GET of a key that is not there — deleted,
 * or moved away by a takedown — answers 404 with the `NoSuchKey` error document, as S3 does for credentials that may
 * list the bucket (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html, "Permissions"; without
 * s3:ListBucket it is 403 AccessDenied, equally a refusal). CopyObject is a PUT with `x-amz-copy-source:
 * {bucket}/{key}` (URL-encoded) answering 200 with a `CopyObjectResult`, or 404 NoSuchKey for a missing source
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/API_CopyObject.html). GetObject's `Range` is one `bytes=a-b`,
 * `bytes=a-` or `bytes=-n` range as S3 documents it (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html,
 * "Range": one range per request): 206 with Content-Range, or 416 `InvalidRange` when it starts past the end.
 */

interface FakeS3Object {
  body: Buffer;
  contentType: string;
}

export interface FakeS3 {
  endpoint: string;
  /** `${bucket}/${key}` → object. */
  objects: Map<string, FakeS3Object>;
  /** Every request seen, as `METHOD /path` (query left out). */
  requests: string[];
  /** Awaited before each DeleteObject is carried out: a test can hold a delete, or act at that moment. */
  beforeDelete: ((name: string) => Promise<void>) | undefined;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** aws-chunked bodies (streaming uploads with trailing checksums) are unwrapped to their payload. */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString().split(';')[0] ?? '0', 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

const invalidRange = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidRange</Code><Message>The requested range is not satisfiable</Message></Error>`;

/** The bytes a Range header asks of `size`, or 'invalid' past the end; undefined for no (or an ignored) range. */
function requestedRange(header: string | undefined, size: number): [number, number] | 'invalid' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '') return [Math.max(0, size - Number(to)), size - 1];
  if (Number(from) >= size) return 'invalid';
  return [Number(from), to === '' ? size - 1 : Math.min(Number(to), size - 1)];
}

const notFound = (key: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>not found</Message><Key>${key}</Key></Error>`;

function copyObject(
  objects: Map<string, FakeS3Object>,
  source: string,
  target: string,
  response: ServerResponse,
): void {
  const found = objects.get(source);
  if (!found) {
    response.writeHead(404, { 'Content-Type': 'application/xml' }).end(notFound(source));
    return;
  }
  objects.set(target, { body: Buffer.from(found.body), contentType: found.contentType });
  response.writeHead(200, { 'Content-Type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><LastModified>${new Date().toISOString()}</LastModified><ETag>"fake"</ETag></CopyObjectResult>`,
  );
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: string[] = [];
  const fake = { beforeDelete: undefined as FakeS3['beforeDelete'] };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const name = decodeURIComponent(url.pathname.slice(1));
    requests.push(`${request.method} /${name}`);
    const object = objects.get(name);
    switch (request.method) {
      case 'PUT': {
        const raw = await readBody(request);
        const copySource = request.headers['x-amz-copy-source'];
        if (typeof copySource === 'string') {
          copyObject(objects, decodeURIComponent(copySource.replace(/^\//, '')), name, response);
          return;
        }
        const chunked = String(request.headers['content-encoding'] ?? '').includes('aws-chunked');
        objects.set(name, {
          body: chunked ? decodeAwsChunked(raw) : raw,
          contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
        });
        response.writeHead(200, { ETag: '"fake"' }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        if (!object) {
          await readBody(request);
          response.writeHead(404, { 'Content-Type': 'application/xml' });
          response.end(request.method === 'HEAD' ? undefined : notFound(name));
          return;
        }
        const headers: Record<string, string> = {
          'Content-Type': object.contentType,
          'Content-Length': String(object.body.length),
          ETag: '"fake"',
        };
        const disposition = url.searchParams.get('response-content-disposition');
        if (disposition) headers['Content-Disposition'] = disposition;
        const range = requestedRange(request.headers.range, object.body.length);
        if (range === 'invalid') {
          response.writeHead(416, { 'Content-Type': 'application/xml' }).end(invalidRange);
          return;
        }
        const [start, end] = range ?? [0, object.body.length - 1];
        const body = object.body.subarray(start, end + 1);
        headers['Content-Length'] = String(body.length);
        if (range) headers['Content-Range'] = `bytes ${start}-${end}/${object.body.length}`;
        response.writeHead(range ? 206 : 200, headers);
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      case 'DELETE':
        await fake.beforeDelete?.(name);
        objects.delete(name);
        response.writeHead(204).end();
        return;
      default:
        response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
