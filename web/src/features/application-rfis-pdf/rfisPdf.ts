import { RfisPdfResponse } from '../../../../shared/schemas/rfis';
import { api } from '../../api/call';
import { ServiceError } from '../../api/errors';

/**
 * The RFIs PDF of an application (docs/rfis.md "The RFIs PDF"): GET …/rfis-pdf answers a 5-minute
 * presigned URL to the stored copy (made again only when the RFIs changed), then the file is fetched.
 */
export async function fetchRfisPdf(
  applicationId: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string; generatedAt: string }> {
  const link = RfisPdfResponse.parse(
    await api('GET /user/applications/{id}/rfis-pdf', { params: { id: applicationId }, signal }),
  );
  const response = await fetch(link.url, { signal });
  if (!response.ok) throw new ServiceError('ServerError', `Error ${response.status}`, response.status);
  const blob = await response.blob();
  // The browser shows a PDF only when the blob says it is one.
  const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  return { blob: pdf, fileName: link.fileName, generatedAt: link.generatedAt };
}
