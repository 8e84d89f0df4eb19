import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import type { FormDto } from '../../../../shared/schemas/reference';
import { imageUrl } from './reference';
import styles from './newApplication.module.css';

/** A form's card body: its image (decorative: the card's header names the form) and description. */
export function FormCard({ form }: { form: Pick<FormDto, 'imageId' | 'description'> }) {
  return (
    <SpaceBetween size="s">
      {form.imageId && <img className={styles.formImage} src={imageUrl(form.imageId)} alt="" />}
      <Box variant="p">{form.description}</Box>
    </SpaceBetween>
  );
}

/**
 * The forms to pick from, one card each (form selection, and the child form of a consent): a single
 * selection, the heading with the count, and a text when there is none.
 */
export function FormChoiceCards(props: {
  forms: FormDto[];
  selected: FormDto | undefined;
  onSelect: (form: FormDto | undefined) => void;
  heading: string;
  empty: ReactNode;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Cards<FormDto>
      loading={props.loading}
      loadingText={t('newApplication.loading')}
      items={props.forms}
      trackBy="id"
      selectionType="single"
      // The whole card selects; its radio stays the one keyboard stop of the group.
      entireCardClickable
      selectedItems={props.selected ? [props.selected] : []}
      onSelectionChange={({ detail }) => props.onSelect(detail.selectedItems[0])}
      ariaLabels={{
        itemSelectionLabel: (_, item) => item.displayName,
        selectionGroupLabel: t('newApplication.forms.title'),
      }}
      header={
        <Header variant="h2" counter={`(${props.forms.length})`}>
          {props.heading}
        </Header>
      }
      cardDefinition={{
        header: (form) => form.displayName,
        sections: [{ id: 'body', content: (form) => <FormCard form={form} /> }],
      }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
      empty={
        <Box textAlign="center" color="inherit">
          {props.empty}
        </Box>
      }
    />
  );
}
