import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualificationType } from '../../../../shared/schemas/reference';
import {
  OTHER_QUALIFICATION,
  normaliseQualification,
  offeredQualificationTypes,
  qualificationIssues,
  type QualificationFields,
} from '../../../../shared/domain/qualifications';
import type { LicenceValue } from './participantForm';
import styles from './participants.module.css';

const typeOf = (types: readonly QualificationType[], name: string | undefined) =>
  types.find((t) => t.name === name);

/**
 * Trade licences, qualifications and registrations (docs/participants.md): a card per licence (with the register's warnings) and an add form — type (those not held yet,
 * Other always), classes, number, the Other text; choosing a type resets the classes and the Other
 * text; Apply license only when qualificationIssues has nothing to say; Cancel.
 */
export function LicenceList({
  types,
  value,
  errors,
  onChange,
}: {
  types: readonly QualificationType[];
  value: readonly LicenceValue[];
  /** Server errors by index ('0.qualificationNumber' → message). */
  errors: Partial<Record<string, string>>;
  onChange: (next: LicenceValue[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<QualificationFields>();
  const [touched, setTouched] = useState<Partial<Record<keyof QualificationFields, boolean>>>({});
  const issues = draft ? qualificationIssues(draft, types) : [];
  const issueOf = (field: keyof QualificationFields) =>
    touched[field] ? issues.find((i) => i.field === field)?.message : undefined;
  const type = typeOf(types, draft?.qualificationName);
  const close = () => {
    setDraft(undefined);
    setTouched({});
  };
  const touch = (field: keyof QualificationFields) => setTouched((s) => ({ ...s, [field]: true }));
  const classLabel = (q: LicenceValue) =>
    (q.licensingClasses ?? [])
      .map((c) => typeOf(types, q.qualificationName)?.classes.find((k) => k.name === c)?.displayName ?? c)
      .join(', ');

  return (
    <SpaceBetween size="m">
      {value.length === 0 && <Box color="text-status-inactive">{t('participants.licences.empty')}</Box>}
      {value.length > 0 && (
        <ul className={styles.list} aria-label={t('participants.licences.title')}>
          {value.map((q, i) => {
            const name =
              q.qualificationName === OTHER_QUALIFICATION
                ? (q.otherQualificationType ?? q.qualificationName)
                : (typeOf(types, q.qualificationName)?.displayName ?? q.qualificationName);
            const error = Object.entries(errors).find(([k]) => k.startsWith(`${i}.`))?.[1];
            return (
              <li key={`${q.qualificationName}-${q.qualificationNumber ?? i}`}>
                <Container
                  header={<Box variant="h4">{name}</Box>}
                  footer={
                    <Button
                      variant="inline-link"
                      formAction="none"
                      ariaLabel={t('participants.licences.removeOne', { name })}
                      onClick={() => onChange(value.filter((_, j) => j !== i))}
                    >
                      {t('participants.licences.remove')}
                    </Button>
                  }
                >
                  <SpaceBetween size="xxs">
                    {q.qualificationNumber && <Box>{q.qualificationNumber}</Box>}
                    {classLabel(q) && <Box variant="small">{classLabel(q)}</Box>}
                    {(q.warnings ?? []).map((w) => (
                      <StatusIndicator key={w.label + w.warning} type="warning">
                        {w.warning}
                      </StatusIndicator>
                    ))}
                    {error && <StatusIndicator type="error">{error}</StatusIndicator>}
                  </SpaceBetween>
                </Container>
              </li>
            );
          })}
        </ul>
      )}
      {!draft ? (
        <Box>
          <Button formAction="none" iconName="add-plus" onClick={() => setDraft({})}>
            {t('participants.licences.add')}
          </Button>
        </Box>
      ) : (
        <Container header={<Box variant="h4">{t('participants.licences.addTitle')}</Box>}>
          <SpaceBetween size="m">
            <FormField label={t('participants.licences.type')} errorText={issueOf('qualificationName')}>
              <Select
                selectedOption={type ? { value: type.name, label: type.displayName } : null}
                placeholder={t('participants.licences.typePlaceholder')}
                options={offeredQualificationTypes(types, value).map((q) => ({
                  value: q.name,
                  label: q.displayName,
                }))}
                onChange={({ detail }) => {
                  // Choosing a type resets the classes, and the Other text unless the type is Other.
                  setDraft((d) => ({
                    ...d,
                    qualificationName: detail.selectedOption.value,
                    licensingClasses: [],
                    otherQualificationType:
                      detail.selectedOption.value === OTHER_QUALIFICATION
                        ? d?.otherQualificationType
                        : undefined,
                  }));
                  touch('qualificationName');
                }}
              />
            </FormField>
            {type?.name === OTHER_QUALIFICATION && (
              <FormField
                label={t('participants.licences.other')}
                errorText={issueOf('otherQualificationType')}
              >
                <Input
                  value={draft.otherQualificationType ?? ''}
                  onChange={({ detail }) => setDraft((d) => ({ ...d, otherQualificationType: detail.value }))}
                  onBlur={() => touch('otherQualificationType')}
                />
              </FormField>
            )}
            {type && type.name !== OTHER_QUALIFICATION && (
              <FormField label={t('participants.licences.classes')} errorText={issueOf('licensingClasses')}>
                <Multiselect
                  selectedOptions={(draft.licensingClasses ?? []).map((c) => ({
                    value: c,
                    label: type.classes.find((k) => k.name === c)?.displayName ?? c,
                  }))}
                  options={[...type.classes]
                    .sort((a, b) => a.displayOrder - b.displayOrder)
                    .map((k) => ({ value: k.name, label: k.displayName }))}
                  placeholder={t('participants.licences.classesPlaceholder')}
                  onChange={({ detail }) => {
                    setDraft((d) => ({
                      ...d,
                      licensingClasses: detail.selectedOptions.map((o) => o.value ?? ''),
                    }));
                    touch('licensingClasses');
                  }}
                />
              </FormField>
            )}
            {type && (
              <FormField
                label={t('participants.licences.number')}
                constraintText={type.regex ? undefined : t('address.optional')}
                errorText={issueOf('qualificationNumber')}
              >
                <Input
                  value={draft.qualificationNumber ?? ''}
                  onChange={({ detail }) => setDraft((d) => ({ ...d, qualificationNumber: detail.value }))}
                  onBlur={() => touch('qualificationNumber')}
                />
              </FormField>
            )}
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" formAction="none" onClick={close}>
                  {t('participants.licences.cancel')}
                </Button>
                <Button
                  formAction="none"
                  disabled={!type || issues.length > 0}
                  onClick={() => {
                    onChange([...value, normaliseQualification(draft, types) as LicenceValue]);
                    close();
                  }}
                >
                  {t('participants.licences.apply')}
                </Button>
              </SpaceBetween>
            </Box>
          </SpaceBetween>
        </Container>
      )}
    </SpaceBetween>
  );
}
