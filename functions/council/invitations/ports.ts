import { randomUUID } from 'node:crypto';
import * as repository from './repository.js';
import type { InvitationPorts } from './service.js';

export const tablePorts: InvitationPorts = {
  ...repository,
  now: () => new Date(),
  newId: () => randomUUID(),
};
