import Autosuggest, { type AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactDto } from '../../../../shared/schemas/contacts';
import {
  ADDRESS_SEARCH_MIN_CHARS,
  lookupMessages,
  type Practitioner,
} from '../../../../shared/schemas/lookups';
import { contactMessages, contactsApi } from '../../api/contacts';
import { searchPractitioners } from '../../api/lookups';
import { useDebouncedSearch } from '../address/useDebouncedSearch';
import styles from '../address/address.module.css';

export type PersonLibrary = 'contacts' | 'lbp';

type Found = { kind: 'contact'; contact: ContactDto } | { kind: 'practitioner'; practitioner: Practitioner };

const valueOf = (f: Found) =>
  f.kind === 'contact' ? `contact:${f.contact.id}` : `lbp:${f.practitioner.lbpNumber}`;

const join = (parts: ReadonlyArray<string | undefined>) => parts.filter(Boolean).join(' · ');

/**
 * 'Search for a person (optional)' (docs/participants.md): a library (Contact Library or the LBP
 * Register) and a search from 2 characters, debounced 1000 ms (the address search's rule). Results
 * show the name with email and organisation (library) or LBP number, city and classes (register).
 * A failed search is logged ('Failed to fetch contacts', 'Failed to get registered lbps') and the
 * list stays as it was. Picking a result hands it to the dialog, which fills the form.
 */
export function PersonSearch({
  onContact,
  onPractitioner,
}: {
  onContact: (contact: ContactDto) => void;
  onPractitioner: (practitioner: Practitioner) => void;
}) {
  const { t } = useTranslation();
  const [library, setLibrary] = useState<PersonLibrary>('contacts');
  const [text, setText] = useState('');
  const search = useDebouncedSearch<Found>(
    async (q) =>
      library === 'contacts'
        ? (await contactsApi.search({ searchText: q })).items.map((contact) => ({ kind: 'contact', contact }))
        : (await searchPractitioners(q)).map((practitioner) => ({ kind: 'practitioner', practitioner })),
    library === 'contacts' ? contactMessages.fetch : lookupMessages.lbp,
  );

  const options: AutosuggestProps.Option[] = search.results.map((f) =>
    f.kind === 'contact'
      ? {
          value: valueOf(f),
          label: [f.contact.firstName, f.contact.lastName].filter(Boolean).join(' '),
          description: join([f.contact.email, f.contact.organisation]),
        }
      : {
          value: valueOf(f),
          label: f.practitioner.fullName,
          description: join([
            t('participants.search.lbpNumber', { number: f.practitioner.lbpNumber }),
            f.practitioner.city,
          ]),
          tags: f.practitioner.licenceClasses.map((c) =>
            c.status === 'Active'
              ? c.licenceClass
              : t('participants.search.inactiveClass', { class: c.licenceClass }),
          ),
        },
  );

  const onSelect: AutosuggestProps['onSelect'] = ({ detail }) => {
    const picked = search.results.find((f) => valueOf(f) === detail.value);
    if (!picked) return;
    search.cancel('finished');
    setText('');
    if (picked.kind === 'contact') onContact(picked.contact);
    else onPractitioner(picked.practitioner);
  };

  const typed = text.trim();
  const tooShort = typed.length > 0 && typed.length < ADDRESS_SEARCH_MIN_CHARS;
  const announcement =
    search.status === 'loading'
      ? t('participants.search.searching')
      : search.status === 'finished'
        ? search.results.length === 0
          ? t('participants.search.empty')
          : t('participants.search.results', { count: search.results.length })
        : '';

  return (
    <ExpandableSection headerText={t('participants.search.title')} variant="container">
      <SpaceBetween size="m">
        <FormField label={t('participants.search.library')}>
          <RadioGroup
            value={library}
            direction="horizontal"
            onChange={({ detail }) => {
              setLibrary(detail.value as PersonLibrary);
              setText('');
              search.reset();
            }}
            items={[
              { value: 'contacts', label: t('participants.search.contacts') },
              { value: 'lbp', label: t('participants.search.lbp') },
            ]}
          />
        </FormField>
        <FormField
          label={t('participants.search.field')}
          constraintText={
            tooShort ? t('participants.search.minChars', { count: ADDRESS_SEARCH_MIN_CHARS }) : undefined
          }
        >
          <Autosuggest
            value={text}
            onChange={({ detail }) => {
              setText(detail.value);
              search.change(detail.value);
            }}
            onSelect={onSelect}
            options={options}
            filteringType="manual"
            hideEnteredTextOption
            enteredTextLabel={(entered) => t('participants.search.useEntered', { value: entered })}
            statusType={
              search.status === 'idle' ? 'pending' : search.status === 'loading' ? 'loading' : 'finished'
            }
            loadingText={t('participants.search.searching')}
            empty={t('participants.search.empty')}
            placeholder={t(
              library === 'contacts'
                ? 'participants.search.contactsPlaceholder'
                : 'participants.search.lbpPlaceholder',
            )}
            clearAriaLabel={t('participants.search.clear')}
          />
          <div role="status" aria-live="polite" className={styles.visuallyHidden}>
            {announcement}
          </div>
        </FormField>
      </SpaceBetween>
    </ExpandableSection>
  );
}
