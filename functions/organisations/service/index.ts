import type { OrganisationPorts } from '../ports.js';
import { invitationRules } from './invitations.js';
import { memberRules } from './members.js';
import { mergeRules } from './merges.js';

export type { Membership } from './members.js';

/** The organisations service: every call of the feature (docs/organisations.md). */
export function organisationsService(ports: OrganisationPorts) {
  const { members, setRole, setStatus, release, updateOrganisation, lookup } = memberRules(ports);
  // PATCH /user/organisation itself is ./profile.ts (the image), on its own Lambda.
  return {
    members,
    setRole,
    setStatus,
    release,
    updateOrganisation,
    lookup,
    ...invitationRules(ports),
    ...mergeRules(ports),
  };
}
export type OrganisationsService = ReturnType<typeof organisationsService>;
