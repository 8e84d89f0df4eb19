import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import countries from '../../../../shared/reference/countries.json';
import { buildFullAddress } from '../../../../shared/domain/address';
import { REQUIRED_MANUAL_FIELDS, type ManualAddressField, type ManualAddressValues } from './address';

const COUNTRY_OPTIONS = (countries as ReadonlyArray<{ name: string; abbreviatedName: string }>).map((c) => ({
  value: c.abbreviatedName,
  label: c.name,
}));

const AUTOCOMPLETE: Record<Exclude<ManualAddressField, 'country'>, string> = {
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
};

export interface ManualAddressFieldsProps {
  values: ManualAddressValues;
  onChange: (field: ManualAddressField, value: string) => void;
  onBlur?: (field: ManualAddressField) => void;
  /** Field errors to show (the caller decides when: touched, submitted). */
  errors?: Partial<Record<ManualAddressField, string>>;
  /** Line 1, city, country and zip are required (the others are marked optional). */
  required?: boolean;
}

/**
 * Manual address entry (docs/lookups.md): address line 1, line 2, city, state/region, country
 * (default NZ) and zip code, with the full address generated from the parts.
 */
export default function ManualAddressFields({
  values,
  onChange,
  onBlur,
  errors = {},
  required = false,
}: ManualAddressFieldsProps) {
  const { t } = useTranslation();
  const optional = (field: ManualAddressField) =>
    required && REQUIRED_MANUAL_FIELDS.includes(field) ? undefined : t('address.optional');
  const text = (field: Exclude<ManualAddressField, 'country'>) => (
    <FormField label={t(`address.${field}`)} errorText={errors[field]} constraintText={optional(field)}>
      <Input
        value={values[field]}
        onChange={({ detail }) => onChange(field, detail.value)}
        onBlur={() => onBlur?.(field)}
        autoComplete={AUTOCOMPLETE[field]}
        ariaRequired={optional(field) === undefined}
        invalid={!!errors[field]}
      />
    </FormField>
  );
  const fullAddress = buildFullAddress(values);
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        {text('address1')}
        {text('address2')}
        {text('city')}
        {text('state')}
        <FormField label={t('address.country')} errorText={errors.country}>
          <Select
            selectedOption={COUNTRY_OPTIONS.find((o) => o.value === values.country) ?? null}
            options={COUNTRY_OPTIONS}
            onChange={({ detail }) => onChange('country', detail.selectedOption.value ?? '')}
            onBlur={() => onBlur?.('country')}
            filteringType="auto"
            ariaRequired={required}
            invalid={!!errors.country}
          />
        </FormField>
        {text('zipCode')}
      </ColumnLayout>
      <div>
        <Box variant="awsui-key-label">{t('address.fullAddress')}</Box>
        <output aria-label={t('address.fullAddress')}>{fullAddress || '-'}</output>
      </div>
    </SpaceBetween>
  );
}
