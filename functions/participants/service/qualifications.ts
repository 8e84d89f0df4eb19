import type { ParticipantFields } from '../../../shared/schemas/participants.js';
import type { Practitioner } from '../../../shared/schemas/lookups.js';
import type { QualificationType } from '../../../shared/schemas/reference.js';
import { formatMessage } from '../../../shared/domain/applications.js';
import {
  licenceKey,
  LBP_QUALIFICATION,
  normaliseQualification,
  OTHER_QUALIFICATION,
  qualificationIssues,
  qualificationMessages,
} from '../../../shared/domain/qualifications.js';
import { Invalid } from '../../platform/errors.js';
import type { ParticipantRecord, StoredQualification } from '../repository.js';

/** What the qualification rules need: the types and the LBP register. */
export interface QualificationPorts {
  qualificationTypes(): readonly QualificationType[];
  /** The register's entry for an LBP number; undefined when not found; throws when unreachable. */
  practitioner(lbpNumber: string): Promise<Practitioner | undefined>;
}

const invalid = (field: string, message: string) =>
  new Invalid([{ field: `body.${field}`, reason: message }], message);

/** Qualifications on a participant (docs/participants.md): checked, normalised, warned. */
export function qualificationRules(ports: QualificationPorts) {
  /** Checks and normalises the qualifications, with the LBP register's warnings. */
  async function qualificationsOf(
    input: ParticipantFields['qualifications'],
    participantId: string,
    others: readonly ParticipantRecord[],
  ): Promise<StoredQualification[] | undefined> {
    if (input === undefined) return undefined;
    const types = ports.qualificationTypes();
    const seen = new Set<string>();
    const heldTypes = new Set<string>();
    const used = new Set(
      others
        .filter((p) => !p.isDeleted && p.participantId !== participantId)
        .flatMap((p) => (p.qualifications ?? []).map((q) => licenceKey(q.qualificationNumber)))
        .filter(Boolean),
    );
    const out: StoredQualification[] = [];
    for (const [i, raw] of input.entries()) {
      const issue = qualificationIssues(raw, types)[0];
      if (issue) throw invalid(`qualifications.${i}.${issue.field}`, issue.message);
      const q = normaliseQualification(raw, types);
      if (q.qualificationName !== OTHER_QUALIFICATION) {
        if (heldTypes.has(q.qualificationName!))
          throw invalid(
            `qualifications.${i}.qualificationName`,
            formatMessage(qualificationMessages.typeHeld, { type: q.qualificationName! }),
          );
        heldTypes.add(q.qualificationName!);
      }
      const key = licenceKey(q.qualificationNumber);
      if (key && (used.has(key) || seen.has(key)))
        throw invalid(`qualifications.${i}.qualificationNumber`, qualificationMessages.licenceInUse);
      if (key) seen.add(key);
      out.push({ ...q, qualificationName: q.qualificationName!, warnings: await warningsOf(q) });
    }
    return out;
  }

  /** 'Could not verify {number} in LBP Register' and '{class} license status: {reason}' (docs/participants.md). */
  async function warningsOf(q: { qualificationName?: string; qualificationNumber?: string | undefined }) {
    if (q.qualificationName !== LBP_QUALIFICATION || !q.qualificationNumber) return [];
    const number = q.qualificationNumber;
    const label = number;
    let found: Practitioner | undefined;
    try {
      found = await ports.practitioner(number);
    } catch {
      found = undefined;
    }
    if (!found) return [{ label, warning: formatMessage(qualificationMessages.notVerified, { number }) }];
    return found.licenceClasses
      .filter((c) => c.status !== 'Active')
      .map((c) => ({
        label,
        warning: formatMessage(qualificationMessages.inactive, {
          class: c.licenceClass,
          reason: c.reason ?? c.status,
        }),
      }));
  }

  return { qualificationsOf, warningsOf };
}
