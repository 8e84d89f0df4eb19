/**
 * The extraction's last step, `ProposeOwners` (infra/workflows/extraction.asl.json): writes what
 * ./proposal.ts decides from the title reading — the owners group participant (marked AI, through
 * the participants' own transactional write with its history and event), the application's legal
 * description when empty, and the document's outcome (hasExtractedData, the note, the issue date).
 * Idempotent: a re-run finds its proposal in place and writes no second group.
 */
import type { ParticipantRecord, ProposedOwnersGroup } from '../../../participants/index.js';
import type { ApplicationRecord } from '../../../platform/access.js';
import type { ExtractionNote } from '../../../../shared/schemas/documents.js';
import { EXTRACTION_AUTHOR, proposeFromTitle, type Proposal } from './proposal.js';
import type { TitleResult } from './title.js';
import { recordMetric } from '../../../platform/observability/metrics.js';

export interface ProposePorts {
  application(applicationId: string): Promise<ApplicationRecord | undefined>;
  participants(applicationId: string): Promise<ParticipantRecord[]>;
  writeGroup(
    application: ApplicationRecord,
    group: ProposedOwnersGroup,
    previous: ParticipantRecord | undefined,
    actor: string,
  ): Promise<boolean>;
  fillLegalDescription(applicationId: string, value: string, actor: string): Promise<boolean>;
  finish(
    key: { applicationId: string; documentName: string },
    extractionId: string,
    outcome: { hasExtractedData: boolean; note?: ExtractionNote; titleIssuedDate?: string },
  ): Promise<boolean>;
}

export interface ProposeInput {
  applicationId: string;
  documentName: string;
  extractionId: string;
  reading: TitleResult;
}

export type ProposeResult = Omit<Proposal, 'group'> & {
  group?: 'Created' | 'Updated' | 'Lost';
  legalDescriptionFilled?: boolean;
};

/**
 * The workflow's end (its last task done): ExtractionOutcomes Succeeded. Failed is counted by the
 * state machine's CountFailure state (functions/documents/extraction/handler.ts step 'failed').
 */
function succeeded<T>(result: T): T {
  recordMetric('ExtractionOutcomes', { outcome: 'Succeeded' });
  return result;
}

export function proposeService(ports: ProposePorts) {
  return {
    async propose(input: ProposeInput): Promise<ProposeResult> {
      const application = await ports.application(input.applicationId);
      // The application (and its documents) removed while the workflow ran: nothing to propose on.
      if (!application) return succeeded({ hasExtractedData: false });
      const participants = input.reading.ok ? await ports.participants(input.applicationId) : [];
      const proposal = proposeFromTitle({
        applicationId: input.applicationId,
        reading: input.reading,
        participants,
        legalDescription: application.legalDescription,
      });
      const { group, ...rest } = proposal;
      const result: ProposeResult = { ...rest };
      if (group) {
        const previous = participants.find((p) => p.participantId === group.participantId);
        // A lost write (a person changed the participants meanwhile) is not retried: the step may be re-run.
        const written = await ports.writeGroup(application, group, previous, EXTRACTION_AUTHOR);
        result.group = written ? (previous ? 'Updated' : 'Created') : 'Lost';
      }
      if (proposal.legalDescription)
        result.legalDescriptionFilled = await ports.fillLegalDescription(
          input.applicationId,
          proposal.legalDescription,
          EXTRACTION_AUTHOR,
        );
      await ports.finish(
        { applicationId: input.applicationId, documentName: input.documentName },
        input.extractionId,
        {
          hasExtractedData: proposal.hasExtractedData,
          ...(proposal.note ? { note: proposal.note } : {}),
          ...(proposal.titleIssuedDate ? { titleIssuedDate: proposal.titleIssuedDate } : {}),
        },
      );
      return succeeded(result);
    },

    /**
     * The workflow's CountFailure state: a step failed past its retries (a killed function, an
     * unreadable file). The document's extraction ends with nothing proposed, so it never stays
     * Running (the page would say 'Analysing Document' for good); only while `extractionId` is still
     * the running one. ExtractionOutcomes Failed.
     */
    async failed(input: { applicationId: string; documentName: string; extractionId?: string }) {
      recordMetric('ExtractionOutcomes', { outcome: 'Failed' });
      if (!input.extractionId) return false;
      return ports.finish(
        { applicationId: input.applicationId, documentName: input.documentName },
        input.extractionId,
        { hasExtractedData: false },
      );
    },
  };
}
