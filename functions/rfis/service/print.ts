import { fullAddressOf } from '../../../shared/domain/address.js';
import type { RfiPointStatusValue } from '../../../shared/domain/rfis.js';
import type { RfisPdfResponse } from '../../../shared/schemas/rfis.js';
import type { ApplicationRecord } from '../../platform/access.js';
import type { RfiPointRecord } from './dto.js';
import { renderRfisPdf, rfisPdfKey, rfisPdfName, type RfisPdfInput } from './pdf.js';

/** How long the link to the PDF works (seconds). */
export const RFIS_PDF_LINK_SECONDS = 300;

export interface RfisPdfPorts {
  now(): Date;
  points(applicationId: string): Promise<RfiPointRecord[]>;
  /** The application's documents: names and original file names (a response names some of them). */
  documents(applicationId: string): Promise<{ name: string; fileName?: string | undefined }[]>;
  authorityName(authorityId: string): string | undefined;
  /** The stored copy at `key`: its size and when it was made; undefined when there is none. */
  findPdf(key: string): Promise<{ size: number; generatedAt: string } | undefined>;
  storePdf(key: string, bytes: Uint8Array, generatedAt: string): Promise<void>;
  /** A presigned GET of the copy, downloading as `fileName`. */
  pdfLink(key: string, fileName: string, expiresIn: number): Promise<string>;
}

type PrintedApplication = Pick<
  ApplicationRecord,
  'applicationId' | 'applicationNumber' | 'address' | 'authorityId'
>;

/** What the PDF prints of the application and its points (documents by their file names). */
export function rfisPdfInput(
  application: PrintedApplication,
  points: readonly RfiPointRecord[],
  fileNames: ReadonlyMap<string, string>,
  authorityDisplayName: string | undefined,
): RfisPdfInput {
  return {
    applicationId: application.applicationId,
    applicationNumber: application.applicationNumber,
    address: fullAddressOf(application.address) || undefined,
    authorityDisplayName,
    points: points.map((p) => ({
      rfiPointId: p.rfiPointId,
      type: p.type ?? 'Vetting',
      team: p.team ?? '',
      round: p.round ?? 1,
      displayOrderInRound: p.displayOrderInRound ?? 0,
      title: p.title ?? '',
      requestDetails: p.requestDetails ?? '',
      requestPerson: {
        name: p.requestPerson?.name,
        email: p.requestPerson?.email,
        phone: p.requestPerson?.phone,
      },
      councilSentDate: p.councilSentDate,
      location: p.location ?? '',
      building: p.building ?? '',
      responseDetails: p.responseDetails,
      responseDocuments: (p.responseDocumentNames ?? []).map((n) => fileNames.get(n) ?? n),
      responsePersonName: p.responsePersonName,
      responseLastModifiedDate: p.responseLastModifiedDate,
      customerSubmittedDate: p.customerSubmittedDate,
      roundSubmittedByName: p.roundSubmittedByName,
      status: (p.status ?? 'NOT_SPECIFIED') as RfiPointStatusValue,
      councilSignedOffDate: p.councilSignedOffDate,
    })),
  };
}

/**
 * GET /user/applications/{id}/rfis-pdf (docs/rfis.md "The RFIs PDF"): a 5-minute link to the
 * application's RFIs PDF. The stored copy is keyed by a hash of everything it prints, so it is
 * rendered again only when the RFIs (or the printed application fields) changed since.
 */
export function rfisPdfService(ports: RfisPdfPorts) {
  return {
    async pdf(application: PrintedApplication): Promise<RfisPdfResponse> {
      const [points, documents] = await Promise.all([
        ports.points(application.applicationId),
        ports.documents(application.applicationId),
      ]);
      const fileNames = new Map(documents.map((d) => [d.name, d.fileName ?? d.name]));
      const input = rfisPdfInput(
        application,
        points,
        fileNames,
        ports.authorityName(application.authorityId),
      );
      const key = rfisPdfKey(input);
      const fileName = rfisPdfName(application);
      let stored = await ports.findPdf(key);
      if (!stored) {
        const generatedAt = ports.now();
        const bytes = await renderRfisPdf(input, generatedAt);
        await ports.storePdf(key, bytes, generatedAt.toISOString());
        stored = { size: bytes.byteLength, generatedAt: generatedAt.toISOString() };
      }
      return {
        fileName,
        url: await ports.pdfLink(key, fileName, RFIS_PDF_LINK_SECONDS),
        generatedAt: stored.generatedAt,
        size: stored.size,
      };
    },
  };
}
