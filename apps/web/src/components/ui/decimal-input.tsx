// A number field of the kit: a text field (a decimal keyboard on a phone) that keeps what is typed, as
// typed, and reads it with the shared parser (packages/shared/src/typed-number.ts): '12,5', '12.5' and
// '1 234,5' are one number, '12.5.3' or '12a' are refused under the field in French, never read by
// dropping a character, never clamped nor rounded. The caller gets the text and what it reads as.
import { useState, type ReactNode } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatFrenchNumber } from '@comptoir/shared/french-number';
import {
  readTypedNumber,
  refusalMessage,
  type TypedNumber,
  type TypedNumberMessages,
  type TypedNumberReason,
  type TypedNumberRules,
} from '@comptoir/shared/typed-number';

/** What a change reads as: the number, or null (empty, or refused: `error` then says why). */
export interface DecimalReading {
  text: string;
  value: number | null;
  /** The field's French message, null when the text reads (or is empty in a field not required). */
  error: string | null;
  reading: TypedNumber;
}

/** A number as the field writes it: French, at most `maxDecimals` (4 by default), no trailing zero. */
export const decimalText = (value: number, maxDecimals = 4, minDecimals = 0) =>
  formatFrenchNumber(value, { minDecimals, maxDecimals, sign: 'negative' });

/**
 * The text of `text` read under `rules`: empty is null without an error unless `required` or the
 * field has a message for it (`messages.empty`); a refusal gets the field's message or the parser's.
 */
export function readDecimal(
  text: string,
  rules: TypedNumberRules = {},
  { required = false, messages = {} }: { required?: boolean; messages?: TypedNumberMessages } = {},
): DecimalReading {
  const reading = readTypedNumber(text, rules);
  if (reading.ok) return { text, value: reading.value, error: null, reading };
  const optional = !required && messages.empty === undefined;
  const error = reading.reason === 'empty' && optional ? null : refusalMessage(reading, messages);
  return { text, value: null, error, reading };
}

/** Refusals that more typing may mend ('-', '12,', '1 0' on the way to '1 000'): said once the field is left. */
const WHILE_TYPING: ReadonlySet<TypedNumberReason> = new Set([
  'empty',
  'incomplete',
  'grouping',
  'min',
  'max',
]);

export type DecimalInputProps = Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'error' | 'inputMode' | 'type'
> & {
  /**
   * The text typed; or a number (null: empty), written the French way, the typed text kept as long as
   * it reads as that number ('2,50' stays '2,50' while the value is 2.5).
   */
  value: string | number | null;
  onChange: (change: DecimalReading) => void;
  /** What the field accepts: decimals, integer, sign, bounds. */
  rules?: TypedNumberRules;
  /** The field's own messages for some refusals. */
  messages?: TypedNumberMessages;
  /** Another error (a rule's, the server's), shown when the text itself reads. */
  error?: ReactNode;
  /** The decimals a number `value` is written with (4 at most by default; 2 for an amount). */
  minDecimals?: number;
};

export function DecimalInput({
  value,
  onChange,
  rules = {},
  messages = {},
  error,
  minDecimals = 0,
  required,
  onBlur,
  ...props
}: DecimalInputProps) {
  const shown = (next: string | number | null) =>
    next === null
      ? ''
      : typeof next === 'number'
        ? decimalText(next, Math.max(4, minDecimals), minDecimals)
        : next;
  const [text, setText] = useState(() => shown(value));
  const [left, setLeft] = useState(false);
  const [previous, setPrevious] = useState(value);
  // The caller changed the value (a reset, the server's answer): show it, unless the text reads as it.
  if (!Object.is(previous, value)) {
    setPrevious(value);
    const current = readTypedNumber(text, rules);
    const same =
      typeof value === 'string'
        ? value === text
        : value === null
          ? !current.ok
          : current.ok && current.value === value;
    if (!same) {
      setText(shown(value));
      setLeft(false);
    }
  }
  const read = readDecimal(text, rules, { required: Boolean(required), messages });
  const showOwn =
    read.error !== null && (left || !WHILE_TYPING.has(read.reading.ok ? 'empty' : read.reading.reason));
  return (
    <TextInput
      {...props}
      required={required}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      error={showOwn ? read.error : error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(readDecimal(next, rules, { required: Boolean(required), messages }));
      }}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}
