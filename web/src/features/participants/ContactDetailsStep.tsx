import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '../../../../shared/schemas/common';
import { groupMemberCount, needsContactDetails } from '../../../../shared/domain/participants';
import AddressEntry from '../address/AddressEntry';
import { PHONE_COUNTRY_CODES } from '../user/profileForm';
import type { FieldErrors, ParticipantFormValues } from './participantForm';

type TextField = 'firstName' | 'lastName' | 'organisation' | 'email' | 'phone' | 'groupName' | 'groupList';

const PHONE_OPTIONS = PHONE_COUNTRY_CODES.map((o) => ({ value: o.code, label: `${o.code} (${o.country})` }));

export interface StepFieldsProps {
  values: ParticipantFormValues;
  /** The errors to show (touched fields, and the server's). */
  errors: FieldErrors;
  onText: (field: TextField, value: string) => void;
  onBlur: (field: string) => void;
}

/**
 * Contact details (docs/participants.md): names, organisation, email, phone with its country code, and
 * the address with the toggle between the lookup ('Address of the building site') and manual entry
 * ('Enter address manually', 'Back to contact'). Above them the person search panel; below them, when
 * adding someone who did not come from the library, 'Save to contact library'.
 */
export function ContactDetailsStep({
  values,
  errors,
  onText,
  onBlur,
  onPhoneCountry,
  onAddress,
  personSearch,
  saveToLibrary,
  emailReadOnly,
}: StepFieldsProps & {
  onPhoneCountry: (code: string) => void;
  onAddress: (address: Address | null) => void;
  personSearch?: ReactNode;
  saveToLibrary?: { checked: boolean; onChange: (checked: boolean) => void } | undefined;
  /** The email is given (an accepted access request's requester) and cannot be changed. */
  emailReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const contact = needsContactDetails(values.participantTypes);
  const text = (
    field: TextField,
    autoComplete: string,
    type: InputProps['type'] = 'text',
    optional = false,
  ) => (
    <FormField
      label={t(`participants.dialog.${field}`)}
      errorText={errors[field]}
      constraintText={optional ? t('address.optional') : undefined}
    >
      <Input
        value={values[field]}
        type={type}
        autoComplete={autoComplete}
        invalid={!!errors[field]}
        readOnly={field === 'email' && emailReadOnly}
        onChange={({ detail }) => onText(field, detail.value)}
        onBlur={() => onBlur(field)}
      />
    </FormField>
  );
  return (
    <SpaceBetween size="l">
      {personSearch}
      <ColumnLayout columns={2}>
        {text('firstName', 'given-name')}
        {text('lastName', 'family-name')}
        {text('organisation', 'organization', 'text', true)}
        {text('email', 'email', 'email')}
      </ColumnLayout>
      <Grid gridDefinition={[{ colspan: 4 }, { colspan: 8 }]}>
        <FormField label={t('participants.dialog.phoneCountryCode')}>
          <Select
            selectedOption={PHONE_OPTIONS.find((o) => o.value === values.phoneCountryCode) ?? null}
            options={PHONE_OPTIONS}
            filteringType="auto"
            onChange={({ detail }) => onPhoneCountry(detail.selectedOption.value ?? '')}
          />
        </FormField>
        {text('phone', 'tel-national', 'text', !contact)}
      </Grid>
      <AddressEntry
        value={values.address}
        onChange={(address) => {
          onAddress(address);
          onBlur('address');
        }}
        label={t('address.buildingSite')}
        description={t('participants.dialog.addressHint')}
        backLabel={t('participants.dialog.backToContact')}
        required={contact}
        errorText={errors.address}
      />
      {saveToLibrary && (
        <Checkbox
          checked={saveToLibrary.checked}
          description={t('participants.dialog.saveToLibraryHint')}
          onChange={({ detail }) => saveToLibrary.onChange(detail.checked)}
        >
          {t('participants.dialog.saveToLibrary')}
        </Checkbox>
      )}
    </SpaceBetween>
  );
}

/** The owners group (docs/participants.md): its name (default 'Owners Group') and its members' names. */
export function OwnersGroupStep({ values, errors, onText, onBlur }: StepFieldsProps) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="l">
      <FormField label={t('participants.dialog.groupName')} errorText={errors.groupName}>
        <Input
          value={values.groupName}
          invalid={!!errors.groupName}
          onChange={({ detail }) => onText('groupName', detail.value)}
          onBlur={() => onBlur('groupName')}
        />
      </FormField>
      <FormField
        label={t('participants.dialog.groupList')}
        description={t('participants.dialog.groupListHint')}
        constraintText={t('participants.members', { count: groupMemberCount(values.groupList) })}
        errorText={errors.groupList}
      >
        <Textarea
          value={values.groupList}
          invalid={!!errors.groupList}
          onChange={({ detail }) => onText('groupList', detail.value)}
          onBlur={() => onBlur('groupList')}
        />
      </FormField>
    </SpaceBetween>
  );
}
