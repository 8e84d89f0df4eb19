/**
 * The multipart calls s3rver 3.7 lacks or gets wrong, as S3 answers them (docs/documents.md "Large
 * files"): ListMultipartUploads (`GET /{bucket}?uploads&prefix=`), ListParts (`GET ?uploadId=`),
 * AbortMultipartUpload (`DELETE ?uploadId=`), and a completion that checks its parts (each stored
 * with the ETag given, every part but the last at least 5 MiB; InvalidPart / EntityTooSmall) and
 * that the key is the upload's. s3rver keeps CreateMultipartUpload, UploadPart and the completion
 * itself (its ObjectCreated event starts the scan). An upload lives in
 * `<bucket>/<uploads dir>/{uploadId}/` as `key`, `metadata` and parts `{n}` with `{n}.md5`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type S3rver from 's3rver';

const MIN_PART = 5 * 1024 * 1024;

interface StoreWithMultipart {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putObjectMultipart(
    bucket: string,
    uploadId: string,
    parts: { number: number; etag: string }[],
  ): Promise<{ md5: string; size: number }>;
}

type S3ErrorCtor = new (code: string, message: string, detail?: Record<string, unknown>) => Error;
const S3Error = createRequire(import.meta.url)('s3rver/lib/models/error') as S3ErrorCtor;

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export interface MultipartPatch {
  /** Answers the request when it is one of the calls above (true), else leaves it to s3rver. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export function patchMultipart(
  s3rver: S3rver,
  bucket: string,
  corsOrigins: readonly string[],
): MultipartPatch {
  const store = s3rver.store as unknown as StoreWithMultipart;
  const uploadsDir = () => store.getResourcePath(bucket, '', 'uploads');
  const uploadDir = (uploadId: string) => path.join(uploadsDir(), path.basename(uploadId));
  const keyOf = (uploadId: string) =>
    readFile(path.join(uploadDir(uploadId), 'key'), 'utf8').catch(() => undefined);

  async function partsOf(uploadId: string) {
    const dir = uploadDir(uploadId);
    const names = (await readdir(dir)).filter((n) => /^\d+$/.test(n));
    const parts = await Promise.all(
      names.map(async (n) => {
        const [info, md5] = await Promise.all([
          stat(path.join(dir, n)),
          readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => undefined),
        ]);
        return { number: Number(n), size: info.size, md5, modified: info.mtime };
      }),
    );
    // A part still being written has no .md5 yet: S3 lists stored parts only.
    return parts.filter((p) => p.md5 !== undefined).sort((a, b) => a.number - b.number);
  }

  const original = store.putObjectMultipart.bind(store);
  store.putObjectMultipart = async (b, uploadId, parts) => {
    const stored = new Map((await partsOf(uploadId).catch(() => [])).map((p) => [p.number, p]));
    for (const [i, part] of parts.entries()) {
      const have = stored.get(part.number);
      if (!have || have.md5 !== part.etag)
        throw new S3Error('InvalidPart', 'One or more of the specified parts could not be found.', {
          PartNumber: part.number,
        });
      if (i < parts.length - 1 && have.size < MIN_PART)
        throw new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
    }
    return original(b, uploadId, parts);
  };

  function send(req: IncomingMessage, res: ServerResponse, status: number, body = '') {
    const origin = req.headers.origin;
    const headers: Record<string, string> = { 'content-type': 'application/xml' };
    if (origin && corsOrigins.includes(origin)) {
      headers['access-control-allow-origin'] = origin;
      headers['access-control-expose-headers'] = 'ETag';
      headers.vary = 'Origin';
    }
    res.writeHead(status, headers);
    res.end(body);
    req.resume();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://local');
    const segments = url.pathname.split('/').slice(1);
    if (segments[0] !== bucket) return false;
    const key = segments.slice(1).map(decodeURIComponent).join('/');
    const uploadId = url.searchParams.get('uploadId');

    if (req.method === 'GET' && !key && url.searchParams.has('uploads')) {
      const prefix = url.searchParams.get('prefix') ?? '';
      const ids = await readdir(uploadsDir()).catch(() => [] as string[]);
      const uploads = [];
      for (const id of ids) {
        const k = await keyOf(id);
        if (k === undefined || !k.startsWith(prefix)) continue;
        const initiated = (await stat(uploadDir(id))).birthtime.toISOString();
        uploads.push(
          `<Upload><Key>${xmlEscape(k)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
        );
      }
      send(
        req,
        res,
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><Prefix>${xmlEscape(prefix)}</Prefix><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
      );
      return true;
    }
    if (!key || !uploadId) return false;
    const method = req.method ?? 'GET';
    if (!['GET', 'DELETE', 'POST'].includes(method)) return false;
    // The upload must exist and be this key's (S3: NoSuchUpload).
    if ((await keyOf(uploadId)) !== key) {
      send(req, res, 404, errorXml('NoSuchUpload', 'The specified upload does not exist.'));
      return true;
    }
    if (method === 'POST') return false; // the completion: s3rver, with the part check above
    if (method === 'DELETE') {
      await rm(uploadDir(uploadId), { recursive: true, force: true });
      send(req, res, 204);
      return true;
    }
    const parts = (await partsOf(uploadId))
      .map(
        (p) =>
          `<Part><PartNumber>${p.number}</PartNumber><LastModified>${p.modified.toISOString()}</LastModified><ETag>"${p.md5}"</ETag><Size>${p.size}</Size></Part>`,
      )
      .join('');
    send(
      req,
      res,
      200,
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
    );
    return true;
  }

  return { handle };
}
