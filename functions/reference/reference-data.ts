import type { Country } from '../../shared/schemas/country.js';
import type {
  Authority,
  Breadcrumb,
  DocumentCategory,
  DocumentContainer,
  DocumentTag,
  DocumentType,
  Form,
  Jurisdiction,
  ParticipantType,
  QualificationType,
  ReferenceImage,
  Step,
  UserAuthorityGrant,
} from '../../shared/schemas/reference.js';

/** Every reference list, parsed. */
export interface ReferenceData {
  countries: Country[];
  jurisdictions: Jurisdiction[];
  authorities: Authority[];
  forms: Form[];
  breadcrumbs: Breadcrumb[];
  steps: Step[];
  participantTypes: ParticipantType[];
  qualificationTypes: QualificationType[];
  documentCategories: DocumentCategory[];
  documentContainers: DocumentContainer[];
  documentTags: DocumentTag[];
  documentTypes: DocumentType[];
  userAuthorities: UserAuthorityGrant[];
  images: ReferenceImage[];
}
