import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParticipantDto, ParticipantInput } from '../../../../shared/schemas/participants';
import type { ParticipantType } from '../../../../shared/schemas/reference';
import {
  canChangeParticipant,
  effectiveAccess,
  holdersOf,
  isOnePersonType,
  lockedTypes,
  participantMessages,
  selectTypes,
  typeNames,
} from '../../../../shared/domain/participants';
import { normaliseEmail } from '../../../../shared/domain/validation';
import { participantsApi } from '../../api/participants';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { contactKeys, contactsApi } from '../../api/contacts';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { userKeys } from '../user/queries';
import { useCurrentUser } from '../shell/useCurrentUser';
import { ContactDetailsStep, OwnersGroupStep } from './ContactDetailsStep';
import { LicencesField, useQualificationTypes } from './LicencesField';
import { participantName } from './ParticipantCard';
import { RolesAccessStep } from './RolesAccessStep';
import { PersonSearch } from './PersonSearch';
import {
  bodyOf,
  contactBodyOf,
  fieldErrorsOf,
  formValuesOf,
  serverFieldErrors,
  stepHasErrors,
  stepOfField,
  stepsOf,
  type FieldErrors,
  type ParticipantFormValues,
  type StepId,
  visibleErrors,
  withContact,
  withoutLicenceErrors,
  withPractitioner,
} from './participantForm';

/** Invitation states after a save that mean the invitation went (docs/participants.md). */
const SENT = ['Unregistered', 'Queued', 'Accepted'];

const withEmail = (message: string, email: string | undefined) => message.replace('{{email}}', email ?? '');

/**
 * The participant add or edit dialog (docs/participants.md): 'Add a participant' or 'Edit a person
 * on the application', steps Roles and access → Contact details → Owners group (OwnerContact only) →
 * License details, with Back, Next (named after the next step) and Finish. Next on Contact details
 * waits for valid details with an email. Giving a one-person role someone else holds asks first; the
 * server moves it on save. Field errors are the shared schema's messages, or the server's.
 */
export function ParticipantDialog({
  applicationId,
  participant,
  all,
  types,
  isDraft,
  onClose,
  prefill,
  emailReadOnly = false,
  search = true,
  submit,
}: {
  applicationId: string;
  /** The participant being edited; none when adding. */
  participant?: ParticipantDto;
  all: readonly ParticipantDto[];
  types: readonly ParticipantType[];
  isDraft: boolean;
  /** `saved` is true when the dialog closes after a successful Finish. */
  onClose: (saved?: boolean) => void;
  /** Details to add someone with (an accepted access request's requester). */
  prefill?: Partial<ParticipantFormValues>;
  /** The email cannot be changed (the prefilled requester's). */
  emailReadOnly?: boolean;
  /** The 'Search for a person (optional)' panel; off for a prefilled person. */
  search?: boolean;
  /**
   * Saves a new participant in place of POST …/participants (accepting an access request adds the
   * requester in the same step); it gives no participant back, so no invitation notice is shown.
   */
  submit?: (body: ParticipantInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useQueryClient();
  const me = useCurrentUser();
  const qualificationTypes = useQualificationTypes();
  const [values, setValues] = useState<ParticipantFormValues>(() => {
    const v = { ...formValuesOf(participant), ...prefill };
    // The roles by the reference names, whatever the stored spelling (docs/participants.md).
    return { ...v, participantTypes: typeNames(types, v.participantTypes) };
  });
  const [stepIndex, setStepIndex] = useState(0);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [raised, setRaised] = useState(false);
  const [confirming, setConfirming] = useState<ParticipantType>();
  const [reassigned, setReassigned] = useState<string[]>([]);
  const [saveToLibrary, setSaveToLibrary] = useState(false);
  // The caller's own access (the application DTO's accessLevel; the page has it cached).
  const application = useQuery({
    queryKey: applicationKeys.detail(applicationId),
    queryFn: ({ signal }) => applicationsApi.get(applicationId, signal),
    staleTime: 60_000,
  });
  const ownAccess = application.data?.application.accessLevel;
  // Someone with more access than the caller keeps their email (where their invitation goes): docs/participants.md.
  const outranked = !!participant && !!ownAccess && !canChangeParticipant(ownAccess, participant.accessLevel);
  // Offered when adding someone who did not come from the library.
  const offerLibrary = !participant && !values.libraryContactId && search;

  const steps = stepsOf(values);
  const step = steps[Math.min(stepIndex, steps.length - 1)]!;
  const last = stepIndex >= steps.length - 1;
  const schemaErrors = fieldErrorsOf(values);
  // The schema's errors of the fields left, and the server's (until the field changes).
  const errors = visibleErrors(schemaErrors, touched, serverErrors);
  const locked = participant ? lockedTypes(types, participant, isDraft).map((x) => x.name) : [];
  const stepName = (s: StepId) => t(`participants.dialog.steps.${s}`);
  const nextDisabled = stepHasErrors(schemaErrors, step) || (step === 'contact' && !values.email.trim());

  const set = <K extends keyof ParticipantFormValues>(field: K, value: ParticipantFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  // A person picked in the search: new details, so the server's errors on the old ones go.
  const fill = (next: (v: ParticipantFormValues) => ParticipantFormValues) => {
    setValues(next);
    setServerErrors({});
  };
  const touch = (field: string) => {
    setTouched((s) => ({ ...s, [field]: true }));
    if (field === 'email') setValues((v) => ({ ...v, email: v.email.trim() ? normaliseEmail(v.email) : '' }));
  };
  const choose = (names: readonly string[]) => {
    const next = selectTypes(types, names);
    const access = effectiveAccess(types, next, values.accessLevel);
    if (access.raised) setRaised(true);
    setValues((v) => ({ ...v, participantTypes: next, accessLevel: access.accessLevel }));
  };
  const onToggle = (type: ParticipantType, checked: boolean) => {
    if (!checked) return choose(values.participantTypes.filter((n) => n !== type.name));
    if (isOnePersonType(type) && holdersOf(all, type, participant?.id).length > 0) return setConfirming(type);
    choose([...values.participantTypes, type.name]);
  };
  const holder = confirming && all.find((p) => holdersOf([p], confirming, participant?.id).length > 0);

  const save = useMutation({
    mutationFn: async () => {
      const saved = participant
        ? await participantsApi.update(applicationId, participant.id, bodyOf(values))
        : submit
          ? await submit(bodyOf(values)).then(() => undefined)
          : await participantsApi.create(applicationId, bodyOf(values));
      // The participant is saved; the library's refusal (its own rules) is only a warning.
      const library =
        offerLibrary && saveToLibrary
          ? await contactsApi.create(contactBodyOf(values)).then(
              () => undefined,
              (err: unknown) =>
                isServiceError(err, 'ClientError') ? err.message : t('participants.dialog.libraryFailed'),
            )
          : undefined;
      return { saved, library };
    },
    onSuccess: ({ saved, library }) => {
      if (offerLibrary && saveToLibrary) void client.invalidateQueries({ queryKey: contactKeys.all });
      if (library) toasts.show({ type: 'warning', content: library });
      void client.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) });
      if (!saved) return onClose(true);
      // Own role change reloads the current user's info (docs/participants.md).
      if (saved.loginUserId === me.id) void client.invalidateQueries({ queryKey: userKeys.me() });
      if (reassigned.length > 0) toasts.show({ type: 'success', content: participantMessages.reassigned });
      const changed = !participant || participant.invitation !== saved.invitation;
      if (changed && saved.email && SENT.includes(saved.invitation))
        toasts.show({ type: 'success', content: withEmail(participantMessages.invitationSent, saved.email) });
      if (changed && saved.invitation === 'Error')
        toasts.show({ type: 'error', content: withEmail(participantMessages.invitationFailed, saved.email) });
      onClose(true);
    },
    onError: (err) => {
      const fields = isServiceError(err, 'ClientError') ? serverFieldErrors(err.details) : {};
      const first = Object.keys(fields)[0];
      if (first) {
        setServerErrors(fields);
        setStepIndex(Math.max(0, steps.indexOf(stepOfField(first))));
        return;
      }
      toasts.show({
        type: 'error',
        content: isServiceError(err, 'ClientError') ? err.message : participantMessages.saveFailed,
      });
    },
  });

  return (
    <>
      <Modal
        visible
        size="large"
        onDismiss={() => !save.isPending && onClose()}
        header={t(participant ? 'participants.dialog.editTitle' : 'participants.dialog.addTitle')}
        closeAriaLabel={t('applications.dialogs.close')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              {stepIndex > 0 && (
                <Button variant="link" onClick={() => setStepIndex(stepIndex - 1)} disabled={save.isPending}>
                  {t('participants.dialog.back')}
                </Button>
              )}
              {!last && (
                <Button variant="primary" disabled={nextDisabled} onClick={() => setStepIndex(stepIndex + 1)}>
                  {t('participants.dialog.next', { step: stepName(steps[stepIndex + 1]!) })}
                </Button>
              )}
              {last && (
                <Button
                  variant="primary"
                  loading={save.isPending}
                  disabled={Object.keys(schemaErrors).length > 0 || !values.email.trim()}
                  onClick={() => save.mutate()}
                >
                  {t('participants.dialog.finish')}
                </Button>
              )}
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="l">
          <Header
            variant="h2"
            description={t('participants.dialog.stepOf', { n: stepIndex + 1, count: steps.length })}
          >
            {stepName(step)}
          </Header>
          {step === 'roles' && (
            <RolesAccessStep
              types={types}
              selected={values.participantTypes}
              locked={locked}
              accessLevel={values.accessLevel}
              raised={raised}
              errors={errors}
              onToggle={onToggle}
              onAccess={(level) => set('accessLevel', level)}
              ownAccess={ownAccess}
              storedAccess={participant?.accessLevel}
            />
          )}
          {step === 'contact' && (
            <ContactDetailsStep
              values={values}
              errors={errors}
              onText={(f, v) => set(f, v)}
              onBlur={touch}
              onPhoneCountry={(code) => set('phoneCountryCode', code)}
              onAddress={(a) => set('address', a)}
              emailReadOnly={emailReadOnly || outranked}
              personSearch={
                search && (
                  <PersonSearch
                    onContact={(contact) => fill((v) => withContact(v, contact))}
                    onPractitioner={(p) => fill((v) => withPractitioner(v, p, qualificationTypes.data ?? []))}
                  />
                )
              }
              saveToLibrary={
                offerLibrary ? { checked: saveToLibrary, onChange: setSaveToLibrary } : undefined
              }
            />
          )}
          {step === 'group' && (
            <OwnersGroupStep values={values} errors={errors} onText={(f, v) => set(f, v)} onBlur={touch} />
          )}
          {step === 'licences' && (
            <LicencesField
              value={values.qualifications}
              serverErrors={serverErrors}
              onChange={(next) => {
                set('qualifications', next);
                setServerErrors(withoutLicenceErrors);
              }}
            />
          )}
        </SpaceBetween>
      </Modal>
      <Modal
        visible={!!confirming}
        onDismiss={() => setConfirming(undefined)}
        header={t('participants.reassign.title')}
        closeAriaLabel={t('applications.dialogs.close')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirming(undefined)}>
                {t('applications.dialogs.cancel')}
              </Button>
              <Button
                variant="primary"
                onClick={() => {
                  if (!confirming) return;
                  choose([...values.participantTypes, confirming.name]);
                  setReassigned((r) => [...r, confirming.name]);
                  setConfirming(undefined);
                }}
              >
                {t('participants.reassign.confirm')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {confirming &&
          t('participants.reassign.body', {
            holder: holder ? participantName(holder) || t('participants.unnamed') : t('participants.unnamed'),
            role: confirming.displayName,
          })}
      </Modal>
    </>
  );
}
