// Pieces of the storefront header shared by the layout and its lazily loaded account menu.
import type { ComponentPropsWithRef } from 'react';
import { PlainButton } from '../../components/ui/plain';
import { UserIcon } from '../../components/ui/icons';
import classes from './shop-layout.module.css';

/** On a phone the header buttons show their icon only; the aria-label keeps the same name everywhere. */
// Mantine's own responsive class (its provider defines it), as Box's visibleFrom="sm" gives.
export const ResponsiveLabel = ({ children }: { children: string }) => (
  <span className="mantine-visible-from-sm">{children}</span>
);

/** The logged-in user's button; the account menu opens from it (menu props and ref passed through). */
export function AccountTrigger({ login, ...props }: { login: string } & ComponentPropsWithRef<'button'>) {
  return (
    <PlainButton
      variant="default"
      leftSection={<UserIcon />}
      aria-label={login}
      className={classes.headerButton}
      {...props}
    >
      <ResponsiveLabel>{login}</ResponsiveLabel>
    </PlainButton>
  );
}
