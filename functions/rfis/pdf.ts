import { createFeatureHandler } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { catalogue } from '../reference/index.js';
import { contract } from './contract.js';
import { documentsOf, pointsOf } from './repository/points.js';
import { findPdf, pdfLink, storePdf } from './repository/pdfs.js';
import { rfisPdfService, type RfisPdfPorts } from './service/print.js';

/** The RFIs PDF's ports: the points and documents on the table, the copies in the uploads bucket. */
export const pdfPorts: RfisPdfPorts = {
  now: () => new Date(),
  points: pointsOf,
  documents: documentsOf,
  authorityName: (authorityId) => catalogue().authority(authorityId)?.displayName,
  findPdf,
  storePdf,
  pdfLink,
};

const service = rfisPdfService(pdfPorts);

/**
 * The RFIs PDF's Lambda (docs/rfis.md "The RFIs PDF"): pdf-lib and S3 are bundled here only, off the
 * RFIs' read and answer path. The access policy has checked the caller (ReadOnly).
 * Env: TABLE_NAME, UPLOADS_BUCKET.
 */
export const routes = {
  'GET /user/applications/{id}/rfis-pdf': async ({ application }) => service.pdf(application),
} satisfies LambdaImplementations<'rfis', 'pdf', typeof contract>;

export const handler = createFeatureHandler('rfis', contract, routes, { lambda: 'pdf' });
