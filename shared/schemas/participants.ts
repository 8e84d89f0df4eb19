/**
 * The participants' requests and responses (docs/participants.md Participant, Qualification; participant
 * form; participantsV2). What needs the participant types (a role's minimum access, one holder,
 * required roles) is checked by the service against the reference data; what does not is here, so
 * the dialog and the server give the same messages.
 */
import * as z from 'zod';
import { AccessLevel, Address, NotificationLevel } from './common.js';
import { buildFullAddress } from '../domain/address.js';
import {
  DEFAULT_COUNTRY,
  isValidContactNumber,
  isValidPostcode,
  isValidEmail,
  isValidName,
  messages,
  normaliseEmail,
} from '../domain/validation.js';
import {
  DEFAULT_GROUP_NAME,
  INVITATION_STATES,
  isEmailRequired,
  needsContactDetails,
  isGroupOnly,
  normaliseGroupList,
  participantMessages,
  REFERENCE_PARTICIPANT_TYPES,
  typeNames,
} from '../domain/participants.js';
import { Qualification, QualificationInput } from './qualifications.js';

export const InvitationState = z.enum(INVITATION_STATES);

const text = (max: number) => z.string().trim().max(max);

/** A person's fields, shared by the participant dialog and the contact library (docs/participants.md). */
export const personFields = {
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  organisation: text(200).optional(),
  phoneCountryCode: text(8).optional(),
  phone: text(40).optional(),
  email: text(254).optional(),
  address: Address.optional(),
  qualifications: z.array(QualificationInput).max(20).optional(),
};

type PersonFieldsInput = {
  firstName?: string | undefined;
  lastName?: string | undefined;
  phoneCountryCode?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  address?: z.output<typeof Address> | undefined;
};

/**
 * The participant form's rules on a person's fields (docs/participants.md): names required with the name
 * pattern, email format, phone validity, address completeness and postcode. Whether email, phone and
 * address are required depends on the participant's roles and access (`required`); a library contact
 * has none.
 */
export function checkPersonFields(
  p: PersonFieldsInput,
  ctx: z.RefinementCtx,
  required: { email: boolean; contact: boolean; names?: boolean },
): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  for (const key of ['firstName', 'lastName'] as const) {
    const v = p[key];
    if (!v) {
      if (required.names !== false) issue(key, messages.required);
    } else if (!isValidName(v)) issue(key, messages.name);
  }
  const email = p.email ?? '';
  if (!email) {
    if (required.email) issue('email', messages.required);
  } else if (!isValidEmail(email)) issue('email', messages.email);
  if (!p.phone) {
    if (required.contact) issue('phone', messages.contactNumberRequired);
  } else if (!isValidContactNumber(p.phone, p.phoneCountryCode || undefined))
    issue('phone', messages.contactNumber);
  if (required.contact) {
    const a = p.address ?? {};
    const missing = (['address1', 'city', 'country', 'zipCode'] as const).filter((k) => !a[k]?.trim());
    if (missing.length > 0 || !(a.fullAddress?.trim() || buildFullAddress(a)))
      issue('address', participantMessages.completeAddress);
  }
  const zip = p.address?.zipCode?.trim();
  if (zip && !isValidPostcode(zip, p.address?.country?.trim() || DEFAULT_COUNTRY))
    ctx.addIssue({ code: 'custom', path: ['address', 'zipCode'], message: messages.postcode });
}

/** A person's fields as stored: email lower-cased and trimmed, the full address built from its parts. */
export function normalisePersonFields<T extends PersonFieldsInput>(p: T): T {
  return {
    ...p,
    email: p.email ? normaliseEmail(p.email) : undefined,
    address: p.address
      ? { ...p.address, fullAddress: p.address.fullAddress?.trim() || buildFullAddress(p.address) }
      : undefined,
  };
}

/** The participant dialog's fields (POST and PATCH .../participantsV2). */
export const ParticipantInput = z
  .object({
    ...personFields,
    // Names from here on, whatever the spelling sent (an id, any case): docs/participants.md.
    participantTypes: z
      .array(z.string().trim().min(1).max(64))
      .max(20)
      .default([])
      .transform((ns) => typeNames(REFERENCE_PARTICIPANT_TYPES, ns)),
    accessLevel: AccessLevel.default('None'),
    groupName: text(200).optional(),
    groupList: text(2000).optional(),
    /** 'Queued' asks for the invitation to be sent (or sent again). */
    invitation: z.literal('Queued').optional(),
    /** The library contact the details came from (its lastUsed is updated). */
    libraryContactId: text(64).optional(),
  })
  .superRefine((p, ctx) => {
    checkPersonFields(p, ctx, {
      email: isEmailRequired(p.accessLevel, p.participantTypes),
      contact: needsContactDetails(p.participantTypes),
      // An owners group as proposed from the title is named by its group name.
      names: !isGroupOnly(p),
    });
    if ((p.groupList ?? '') !== '' && !normaliseGroupList(p.groupList ?? ''))
      ctx.addIssue({ code: 'custom', path: ['groupList'], message: messages.required });
  })
  .transform((p) => ({
    ...normalisePersonFields(p),
    groupList: p.groupList ? normaliseGroupList(p.groupList) : undefined,
    groupName: p.groupList ? p.groupName || DEFAULT_GROUP_NAME : p.groupName || undefined,
  }));
export type ParticipantInput = z.input<typeof ParticipantInput>;
export type ParticipantFields = z.output<typeof ParticipantInput>;

/** GET .../participantsV2?includeDeleted= */
export const ParticipantsQuery = z.object({
  includeDeleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** A participant as the API returns it (docs/participants.md), with what the card needs from the server. */
export const ParticipantDto = z.object({
  id: z.string(),
  applicationId: z.string(),
  loginUserId: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  groupList: z.string().optional(),
  groupName: z.string().optional(),
  organisation: z.string().optional(),
  phoneCountryCode: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  address: Address.optional(),
  participantTypes: z.array(z.string()),
  accessLevel: AccessLevel,
  notificationLevel: NotificationLevel.optional(),
  invitation: InvitationState,
  isDeleted: z.boolean(),
  modifiedDate: z.string(),
  /** Who changed it last; 'AI' for the document assistant. */
  modifiedBy: z.string().optional(),
  qualifications: z.array(Qualification).default([]),
  primaryContact: z.boolean(),
  libraryContactId: z.string().optional(),
});
export type ParticipantDto = z.infer<typeof ParticipantDto>;
