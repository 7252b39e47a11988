// The password fields of the storefront's forms, bound by useFields: the new password with the rule's
// hint (sign-up, password change, reset link), preceded by the current one when the form asks for it.
import { PasswordInput } from '@mantine/core';
import type { BindField } from '../../lib/use-fields';
import { PASSWORD_FIELDS_LABELS as L } from './labels';

export function PasswordFields({
  bind,
  next,
  current,
  nextLabel = L.next,
  nextHint = L.nextHint,
  autoFocus = false,
}: {
  bind: BindField;
  /** The form field (and schema path) of the new password. */
  next: string;
  /** The form field of the current password, when the form checks it. */
  current?: string;
  nextLabel?: string;
  nextHint?: string;
  /** Focus the first field when the form opens (a page that is only this form). */
  autoFocus?: boolean;
}) {
  return (
    <>
      {current ? (
        <PasswordInput
          label={L.current}
          autoComplete="current-password"
          required
          data-autofocus={autoFocus || undefined}
          {...bind(current)}
        />
      ) : null}
      <PasswordInput
        label={nextLabel}
        description={nextHint}
        autoComplete="new-password"
        required
        data-autofocus={(autoFocus && !current) || undefined}
        {...bind(next)}
      />
    </>
  );
}
