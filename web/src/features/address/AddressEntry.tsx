import type { ReactNode } from 'react';
import { useState } from 'react';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Address } from '../../../../shared/schemas/common';
import AddressModeToggle from './AddressModeToggle';
import AddressPicker from './AddressPicker';
import ManualAddressFields from './ManualAddressFields';
import {
  addressFromManual,
  manualAddressErrors,
  manualValuesOf,
  type ManualAddressField,
  type ManualAddressValues,
} from './address';

export interface AddressEntryProps {
  value: Address | null;
  onChange: (address: Address | null) => void;
  /** The picker's label (default 'Address'; 'Address of the building site' in the participant dialog). */
  label?: string;
  /** A line under the picker's label (what this address is for). */
  description?: ReactNode;
  /** Line 1, city, country and zip code required in manual entry; the picker must have a pick. */
  required?: boolean;
  /** Picker error (e.g. 'Required', 'Complete address required for participant's role'). */
  errorText?: string;
  /** Show every manual field error now (after a submit), not only on the fields left. */
  showAllErrors?: boolean;
  /** Start in manual entry (default: when the value is a manual address). */
  defaultManual?: boolean;
  /** The toggle's way back from manual entry (default 'Search for an address'). */
  backLabel?: string;
}

/**
 * Address entry with the toggle of the spec (docs/lookups.md): the picker ('Enter address manually') or the
 * manual fields ('Search for an address'). Manual values become an Address with its full address built;
 * leaving manual entry goes back to the picker without an address.
 */
export default function AddressEntry({
  value,
  onChange,
  label,
  description,
  required = false,
  errorText,
  showAllErrors = false,
  defaultManual,
  backLabel,
}: AddressEntryProps) {
  const [manual, setManual] = useState(defaultManual ?? value?.isManualAddress === true);
  const [values, setValues] = useState<ManualAddressValues>(() =>
    manualValuesOf(value?.isManualAddress ? value : null),
  );
  const [touched, setTouched] = useState<Partial<Record<ManualAddressField, boolean>>>({});
  const errors = manualAddressErrors(values, required);
  const shown = Object.fromEntries(
    Object.entries(errors).filter(([field]) => showAllErrors || touched[field as ManualAddressField]),
  );

  const toggle = (next: boolean) => {
    setManual(next);
    setTouched({});
    if (next) {
      // Start from the picked address's parts, so a near miss can be corrected.
      const start = manualValuesOf(value);
      setValues(start);
      onChange(addressFromManual(start));
    } else {
      onChange(null);
    }
  };
  const toggleControl = <AddressModeToggle manual={manual} onChange={toggle} backLabel={backLabel} />;

  if (!manual) {
    return (
      <AddressPicker
        value={value}
        onChange={onChange}
        label={label}
        description={description}
        required={required}
        errorText={errorText}
        secondaryControl={toggleControl}
        onEnterManually={() => toggle(true)}
      />
    );
  }
  return (
    <SpaceBetween size="s">
      {toggleControl}
      <ManualAddressFields
        values={values}
        required={required}
        errors={shown}
        onBlur={(field) => setTouched((s) => ({ ...s, [field]: true }))}
        onChange={(field, fieldValue) => {
          const next = { ...values, [field]: fieldValue };
          setValues(next);
          onChange(addressFromManual(next));
        }}
      />
    </SpaceBetween>
  );
}
