// A labelled, searchable, clearable select over { value, label } options (the back office's pickers).
// Two modes: the caller passes every option and typing filters them here; or the caller passes
// `onSearch`, gets the typed text (debounced) and reloads `options` from the server (no filtering here).
import { useMemo } from 'react';
import { Loader, Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { LOADING_TEXT } from '@comptoir/shared/messages';
import { clearLabel } from './labels';

export interface PickerOption {
  value: string;
  label: string;
}

export interface SearchablePickerProps {
  label: string;
  options: readonly PickerOption[];
  /** The chosen option (kept shown even when a new search no longer returns it). */
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  /** Text shown when no option matches, e.g. EMPTY_TEXTS.client. */
  nothingFound: string;
  /** Server-side search: receives the typed text, trimmed, after `searchDelayMs`. */
  onSearch?: (text: string) => void;
  searchDelayMs?: number;
  /** Options are being loaded: shows a spinner and 'Recherche en cours ...'. */
  loading?: boolean;
  placeholder?: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  /** Width of the field (CSS value or px). */
  w?: number | string;
}

/**
 * With a server-side search the options already match: show them all, but not the chosen option kept
 * only so that its label shows — a search it does not match then says the empty text.
 */
const onlyFound =
  (found: readonly PickerOption[]): OptionsFilter =>
  ({ options, search }) => {
    // Mantine passes no search text while the field shows the chosen option's label.
    if (search.trim() === '') return options;
    const codes = new Set(found.map((o) => o.value));
    return options.filter((o) => 'value' in o && codes.has(o.value));
  };

export function SearchablePicker({
  label,
  options,
  value,
  onChange,
  nothingFound,
  onSearch,
  searchDelayMs = 300,
  loading = false,
  placeholder,
  description,
  error,
  required,
  disabled,
  clearable = true,
  w,
}: SearchablePickerProps) {
  const data = useMemo(() => {
    const list = options.map((o) => ({ value: o.value, label: o.label }));
    if (value && !list.some((o) => o.value === value.value))
      list.unshift({ value: value.value, label: value.label });
    return list;
  }, [options, value]);

  const serverFilter = useMemo(() => onlyFound(options), [options]);
  const search = useDebouncedCallback((text: string) => onSearch?.(text.trim()), searchDelayMs);

  return (
    <Select
      label={label}
      placeholder={placeholder}
      description={description}
      error={error}
      required={required}
      disabled={disabled}
      w={w}
      data={data}
      value={value?.value ?? null}
      onChange={(_next, option: ComboboxItem | null) =>
        onChange(option ? { value: option.value, label: option.label } : null)
      }
      searchable
      clearable={clearable}
      // Mantine's clear button is mouse-only; make it reachable and named for keyboard and screen-reader
      // users (its size, 28 px, is the theme's).
      clearButtonProps={{ 'aria-label': clearLabel(label), 'aria-hidden': false, tabIndex: 0 }}
      nothingFoundMessage={loading ? LOADING_TEXT : nothingFound}
      filter={onSearch ? serverFilter : undefined}
      onSearchChange={
        onSearch
          ? (text) => {
              // Mantine also sets the search text to the chosen option's label: that is not a search.
              if (text !== value?.label) search(text);
            }
          : undefined
      }
      rightSection={loading ? <Loader size="xs" /> : undefined}
      comboboxProps={{ shadow: 'md' }}
      maxDropdownHeight={280}
    />
  );
}
