import { catalogue } from '../reference/catalogue.js';
import { councilFeedItems } from '../council/lodgement.js';
import * as points from './repository/points.js';
import * as pdfs from './repository/pdfs.js';
import { rfisPdfService, type RfisPdfPorts } from './service/print.js';
import { rfisService, type RfiPorts } from './service/rfis.js';

/** The RFIs' ports on the table (the service's seams; tests give fakes). */
export const tablePorts: RfiPorts = {
  now: () => new Date(),
  newId: points.newId,
  points: points.pointsOf,
  userName: points.userNameOf,
  documents: points.documentsOf,
  rfiContainerIds: () =>
    catalogue()
      .documentContainers()
      .filter((c) => c.containerType === 'RFIDocument')
      .map((c) => c.id),
  saveResponse: points.saveResponse,
  write: (change) => points.writeRfiChange(change, councilFeedItems),
};

/** The RFIs PDF's ports: the points and documents on the table, the copies in the uploads bucket. */
export const pdfPorts: RfisPdfPorts = {
  now: () => new Date(),
  points: points.pointsOf,
  documents: points.documentsOf,
  authorityName: (authorityId) => catalogue().authority(authorityId)?.displayName,
  findPdf: pdfs.findPdf,
  storePdf: pdfs.storePdf,
  pdfLink: pdfs.pdfLink,
};

export const tableServices = () => ({ rfis: rfisService(tablePorts), rfisPdf: rfisPdfService(pdfPorts) });
