import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import Autosuggest, { type AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import FormField from '@cloudscape-design/components/form-field';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { Address } from '../../../../shared/schemas/common';
import {
  ADDRESS_SEARCH_MIN_CHARS,
  lookupMessages,
  type AddressSuggestion,
} from '../../../../shared/schemas/lookups';
import { addressFromLookup } from './address';
import { addressDetailsQuery, addressSuggestionsQuery } from './queries';
import { useDebouncedSearch } from './useDebouncedSearch';
import styles from './address.module.css';

export interface AddressPickerProps {
  /** The picked address (null: none). */
  value: Address | null;
  /** A picked address (details fetched), or null when the field is left with text that was not picked. */
  onChange: (address: Address | null) => void;
  /** Default 'Address'; the participant dialog passes 'Address of the building site'. */
  label?: string;
  description?: ReactNode;
  errorText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Shown next to the label (the manual-entry toggle). */
  secondaryControl?: ReactNode;
  /** The manual route, offered under the field when a search finds nothing. */
  onEnterManually?: () => void;
  /**
   * Whether a picked address's details are being retrieved ('Retrieving the address'): true from the
   * pick until its details arrive or fail. A form can wait for the address rather than call it missing.
   */
  onRetrieving?: (retrieving: boolean) => void;
}

type DetailsStatus = 'idle' | 'loading' | 'failed';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The NZ Post address picker (docs/lookups.md): searches from 2 characters, debounced 1000 ms; the
 * address must be picked from the results (picking fetches its details); leaving the field with text
 * that is not the picked address clears it. A failed search is logged and the list stays as it was;
 * failed details show 'Fail to retrieve the address information'.
 */
export default function AddressPicker({
  value,
  onChange,
  label,
  description,
  errorText,
  required,
  disabled,
  secondaryControl,
  onEnterManually,
  onRetrieving,
}: AddressPickerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const valueText = value?.fullAddress ?? '';
  const [text, setText] = useState(valueText);
  // The field follows a value set from outside (a saved address, a reset).
  const [syncedText, setSyncedText] = useState(valueText);
  if (syncedText !== valueText) {
    setSyncedText(valueText);
    setText(valueText);
  }
  const [details, setDetails] = useState<DetailsStatus>('idle');
  const retrieving = details === 'loading';
  // After the commit: a pick's onChange(address) has been handled by then. A picker removed while
  // retrieving (its form switched away) ends the retrieval for its form.
  useEffect(() => {
    if (!retrieving) return;
    onRetrieving?.(true);
    return () => onRetrieving?.(false);
  }, [retrieving, onRetrieving]);
  const {
    results: suggestions,
    status: searchStatus,
    change: searchFor,
    cancel: cancelSearch,
  } = useDebouncedSearch<AddressSuggestion>(
    (q) => queryClient.fetchQuery(addressSuggestionsQuery(q)),
    lookupMessages.addressSuggest,
  );

  // Only the latest pick may land.
  const pickSeq = useRef(0);
  const focused = useRef(false);

  const handleChange: AutosuggestProps['onChange'] = ({ detail }) => {
    setText(detail.value);
    setDetails('idle');
    pickSeq.current += 1;
    // Emptied (typed away or the clear button): no address.
    if (detail.value === '' && value) onChange(null);
    searchFor(detail.value);
  };

  const handleSelect: AutosuggestProps['onSelect'] = ({ detail }) => {
    const picked = suggestions.find((s) => s.fullAddress === detail.value);
    if (!picked) return cancelSearch();
    cancelSearch('finished');
    setText(picked.fullAddress);
    setDetails('loading');
    const seq = (pickSeq.current += 1);
    queryClient
      .fetchQuery(addressDetailsQuery(picked.dpid))
      .then((result) => {
        if (seq !== pickSeq.current) return;
        const address = addressFromLookup(result);
        setDetails('idle');
        setText(address.fullAddress ?? picked.fullAddress);
        onChange(address);
      })
      .catch((error: unknown) => {
        if (isAbort(error) || seq !== pickSeq.current) return;
        console.error(lookupMessages.addressDetails, error);
        setDetails('failed');
        // Left while the details were loading: the text was never picked, so it goes.
        if (!focused.current) {
          setText('');
          if (value) onChange(null);
        }
      });
  };

  const handleBlur = () => {
    focused.current = false;
    if (details === 'loading') return;
    if (value && text === valueText) return;
    cancelSearch('idle');
    if (text !== '') setText('');
    if (value) onChange(null);
  };

  // One character: say that the search needs two (docs/lookups.md).
  const typed = text.trim();
  const tooShort = typed.length > 0 && typed.length < ADDRESS_SEARCH_MIN_CHARS && text !== valueText;
  // A finished search with nothing found: say so, and offer the manual route (docs/lookups.md).
  const noMatch =
    searchStatus === 'finished' && suggestions.length === 0 && typed.length > 0 && text !== valueText;
  const statusType: AutosuggestProps.StatusType =
    searchStatus === 'idle' ? 'pending' : searchStatus === 'loading' ? 'loading' : 'finished';
  const announcement =
    searchStatus === 'loading'
      ? t('address.searching')
      : searchStatus === 'finished'
        ? suggestions.length === 0
          ? t('address.empty')
          : t('address.results', { count: suggestions.length })
        : tooShort
          ? t('address.minChars', { count: ADDRESS_SEARCH_MIN_CHARS })
          : '';

  return (
    <FormField
      label={label ?? t('address.label')}
      description={description}
      secondaryControl={secondaryControl}
      errorText={details === 'failed' ? t('address.detailsFailed') : errorText}
      constraintText={
        details === 'loading' ? (
          <StatusIndicator type="loading">{t('address.retrieving')}</StatusIndicator>
        ) : tooShort ? (
          t('address.minChars', { count: ADDRESS_SEARCH_MIN_CHARS })
        ) : noMatch && onEnterManually ? (
          <span>
            {t('address.empty')}{' '}
            <Button variant="inline-link" onClick={onEnterManually}>
              {t('address.enterManuallyLink')}
            </Button>
          </span>
        ) : undefined
      }
    >
      <Autosuggest
        value={text}
        onChange={handleChange}
        onSelect={handleSelect}
        onBlur={handleBlur}
        onFocus={() => {
          focused.current = true;
        }}
        options={suggestions.map((s) => ({ value: s.fullAddress }))}
        filteringType="manual"
        hideEnteredTextOption
        enteredTextLabel={(entered) => t('address.useEntered', { value: entered })}
        statusType={statusType}
        loadingText={t('address.searching')}
        empty={t('address.empty')}
        placeholder={t('address.placeholder')}
        clearAriaLabel={t('address.clear')}
        selectedAriaLabel={t('address.selectedLabel')}
        ariaRequired={required}
        disabled={disabled}
        invalid={details === 'failed' || !!errorText}
      />
      <div role="status" aria-live="polite" className={styles.visuallyHidden}>
        {announcement}
      </div>
    </FormField>
  );
}
