import { applicationsApi } from '../../api/applications';
import { ServiceError } from '../../api/errors';

/**
 * The summary PDF of an application (docs/applications.md): GET .../documents/{name}/download-link
 * gives a short-lived presigned URL and the file name, then the file is fetched from that URL.
 */
export async function fetchSummaryPdf(
  applicationId: string,
  documentName: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const link = await applicationsApi.downloadLink(applicationId, documentName, signal);
  const response = await fetch(link.presignedUrl, { signal });
  if (!response.ok) throw new ServiceError('ServerError', `Error ${response.status}`, response.status);
  const blob = await response.blob();
  // The browser shows a PDF only when the blob says it is one.
  const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  return { blob: pdf, fileName: link.fileName };
}

/** Saves a blob under a file name (a temporary object URL on a download link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the summary PDF. */
export async function downloadSummaryPdf(applicationId: string, documentName: string): Promise<void> {
  const { blob, fileName } = await fetchSummaryPdf(applicationId, documentName);
  saveBlob(blob, fileName);
}

/**
 * Submitted, its summary PDF not made yet: it is made just after the submission (the applications'
 * consumer of it), so the pages say it is being prepared and ask again until it is named.
 */
export const pdfPending = (
  a: { submissionDate?: string | undefined; applicationFormPdf?: string | undefined } | undefined,
): boolean => !!a?.submissionDate && !a.applicationFormPdf;
