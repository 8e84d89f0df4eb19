/**
 * The simulator's issued documents (docs/council-api.md "Issued documents"): `issue <authority>
 * <applicationId> --kind K [--file path.pdf]` uploads the consent, its conditions or the CCC for
 * the applicant to download; without `--file` it sends the small PDF the automatic council sends
 * (infra/council/issued-pdf.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { issuedDocumentKinds, IssuedDocumentKind } from '../../../shared/schemas/issued-documents.js';
import { issuedDocumentPdf, issuedFileName } from '../issued-pdf.js';
import { clientOf, credentialOptions, idempotency, opt } from './rfis.js';
import type { CouncilCommand, OptionValues } from './types.js';
import { text, UsageError } from './values.js';

export interface IssueCall {
  authority: string;
  applicationId: string;
  kind: IssuedDocumentKind;
  file?: string;
  idempotencyKey?: string;
}

/** `issue <authority> <applicationId> --kind "Building consent" [--file f.pdf]`; the kind in any case. */
export function parseIssue(positionals: readonly string[], values: OptionValues): IssueCall {
  const [authority, applicationId] = positionals;
  if (!authority || !applicationId) throw new UsageError('expected <authority> <applicationId>');
  const given = text(values.kind);
  const kind = issuedDocumentKinds.find((k) => k.toLowerCase() === given?.toLowerCase());
  if (!kind) throw new UsageError(`--kind is one of: ${issuedDocumentKinds.join(', ')}`);
  const file = text(values.file);
  return { authority, applicationId, kind, ...(file ? { file } : {}), ...idempotency(values) };
}

export const issuedCommands: CouncilCommand[] = [
  {
    name: 'issue',
    usage: 'issue <authority> <applicationId> --kind K [--file path.pdf]',
    summary: `uploads an issued document (${issuedDocumentKinds.join(', ')}) for the applicant to download`,
    options: { kind: { type: 'string' }, file: { type: 'string' }, ...credentialOptions },
    positionals: ['authority', 'applicationId'],
    run: async ({ positionals, values, ctx }) => {
      const call = parseIssue(positionals, values);
      const council = await clientOf(ctx, call.authority, values);
      const app = await council.application(call.applicationId);
      const consentNumber = app.consentNumber ?? app.applicationNumber ?? app.id;
      const bytes = call.file
        ? new Uint8Array(await readFile(call.file))
        : await issuedDocumentPdf({
            kind: call.kind,
            consentNumber,
            authorityName: call.authority,
            date: new Date().toISOString().slice(0, 10),
          });
      const fileName = call.file ? path.basename(call.file) : issuedFileName(call.kind, consentNumber);
      const doc = await council.issueDocument(call.applicationId, call.kind, fileName, bytes, opt(call));
      return `issued ${doc.kind} "${doc.name}" (${doc.fileSize} bytes): scanned before the applicant can download it`;
    },
  },
];
