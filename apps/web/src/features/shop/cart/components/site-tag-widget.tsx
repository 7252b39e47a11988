// The site tag (chantier) of one cart line (docs/contract/cart-and-site-tags.md): a select view listing the
// customer's tags, and an add view to name a new one; adding tags the line with it and goes back to the
// select view. A failed call is only logged (docs/contract/errors.md): the select shows the line's tag as it
// was.
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { TAG_MAX_LENGTH } from '@comptoir/shared/cart';
import { useTagCartLine } from '../api/site-tags';
import { SITE_TAG_LABELS } from '../labels';
import classes from './site-tag-widget.module.css';

export interface SiteTagWidgetProps {
  lineId: number;
  /** The line's designation, naming its controls. */
  designation: string;
  /** The line's tag, null when it has none. */
  tag: string | null;
  /** The customer's tags. */
  tags: readonly string[];
}

export function SiteTagWidget({ lineId, designation, tag, tags }: SiteTagWidgetProps) {
  const [mode, setMode] = useState<'select' | 'add'>('select');
  const [name, setName] = useState('');
  const tagLine = useTagCartLine();
  // While a change is sent (and the cart read again) the select shows it; then the cart has the last word.
  const selected = tagLine.isPending ? tagLine.variables.tagName : (tag ?? '');

  const options = [...new Set([...tags, ...(selected ? [selected] : [])])];
  const choose = (value: string) => tagLine.mutate({ id: lineId, tagName: value });
  const add = (event: FormEvent) => {
    event.preventDefault();
    const tagName = name.trim();
    if (!tagName) return;
    tagLine.mutate(
      { id: lineId, tagName },
      {
        onSuccess: () => {
          setName('');
          setMode('select');
        },
      },
    );
  };

  if (mode === 'add') {
    return (
      <form onSubmit={add}>
        <Group gap="xs" wrap="wrap">
          <TextInput
            className={classes.field}
            aria-label={SITE_TAG_LABELS.nameLabel(designation)}
            placeholder={SITE_TAG_LABELS.newTag}
            value={name}
            maxLength={TAG_MAX_LENGTH}
            onChange={(event) => setName(event.currentTarget.value)}
            size="xs"
            data-autofocus
            autoFocus
          />
          <Button
            type="submit"
            size="xs"
            className={classes.button}
            loading={tagLine.isPending}
            disabled={!name.trim()}
          >
            {SITE_TAG_LABELS.add}
          </Button>
          <Button
            type="button"
            size="xs"
            variant="default"
            className={classes.button}
            onClick={() => setMode('select')}
          >
            {SITE_TAG_LABELS.cancel}
          </Button>
        </Group>
      </form>
    );
  }
  return (
    // Wraps rather than cut: the select keeps room for a chantier's name, the button its whole text.
    <Group gap="xs" wrap="wrap">
      <NativeSelect
        className={classes.field}
        aria-label={SITE_TAG_LABELS.selectLabel(designation)}
        value={selected}
        onChange={(event) => choose(event.currentTarget.value)}
        data={[{ value: '', label: SITE_TAG_LABELS.none }, ...options.map((t) => ({ value: t, label: t }))]}
        size="xs"
      />
      <Button
        type="button"
        size="xs"
        variant="default"
        className={classes.button}
        onClick={() => setMode('add')}
        aria-label={SITE_TAG_LABELS.newTagLabel(designation)}
      >
        {SITE_TAG_LABELS.newTag}
      </Button>
    </Group>
  );
}
