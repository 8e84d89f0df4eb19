import type { ThumbnailUploadResponse } from '../../shared/schemas/thumbnail-uploads';
import { api } from './accounts';

/**
 * A template thumbnail the way the web sends it (docs/documents.md): POST /user/thumbnail-uploads,
 * then a PUT of the bytes to the presigned URL with the signed type and length. The upload's key.
 * `presignPath` names another presigned image upload (the organisation's image).
 */
export async function uploadThumbnail(
  token: string,
  bytes: Uint8Array,
  contentType: 'image/png' | 'image/jpeg' | 'image/gif' = 'image/png',
  presignPath = '/user/thumbnail-uploads',
): Promise<string> {
  const presign = await api('POST', presignPath, { contentType, contentLength: bytes.length }, { token });
  if (presign.status !== 201) throw new Error(`presign: ${presign.status} ${JSON.stringify(presign.body)}`);
  const { key, presignedUrl } = presign.body as ThumbnailUploadResponse;
  const put = await fetch(presignedUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  if (!put.ok) throw new Error(`PUT ${put.status}: ${await put.text()}`);
  return key;
}
