import { catalogue } from '../reference/index.js';
import * as points from './repository/points.js';
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
  write: points.writeRfiChange,
};

export const tableServices = () => ({ rfis: rfisService(tablePorts) });
