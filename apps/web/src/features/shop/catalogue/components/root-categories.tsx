import { Link } from 'react-router';
import { Card, Skeleton, Text } from '@mantine/core';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import { errorMessage } from '../../../../lib/api';
import { AlertIcon } from '../../../../components/ui/icons';
import { PlainAlert } from '../../../../components/ui/plain';
import { useRootCategories } from '../api/get-root-categories';
import { CATALOGUE_LABELS } from '../labels';
import classes from './root-categories.module.css';

/** The root categories as a grid of cards, each a link to its category page. */
export function RootCategories() {
  const { data, isPending, isError, error } = useRootCategories();

  if (isPending) {
    return (
      <div className={classes.grid} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <PlainAlert color="red" icon={<AlertIcon />}>
        {errorMessage(error)}
      </PlainAlert>
    );
  }
  if (data.length === 0) return <Text c="dimmed">{EMPTY_TEXTS.table}</Text>;

  return (
    <ul className={classes.grid}>
      {data.map((category) => (
        <li key={category.code}>
          <Card
            component={Link}
            to={category.lien}
            withBorder
            radius="md"
            padding="lg"
            className={classes.card}
          >
            <Text fw={650} size="lg" className={classes.label}>
              {category.libelle}
            </Text>
            <Text c="dimmed" size="sm" mt={6}>
              {CATALOGUE_LABELS.articleCount(category.nbArticles)}
            </Text>
          </Card>
        </li>
      ))}
    </ul>
  );
}
