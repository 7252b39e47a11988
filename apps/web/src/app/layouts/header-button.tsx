// Pieces of the storefront header shared by the layout and its lazily loaded account menu.
import type { ComponentPropsWithRef } from 'react';
import { Box, Button } from '@mantine/core';
import { UserIcon } from '../../components/ui/icons';
import classes from './shop-layout.module.css';

/** On a phone the header buttons show their icon only; the aria-label keeps the same name everywhere. */
export const ResponsiveLabel = ({ children }: { children: string }) => (
  <Box component="span" visibleFrom="sm">
    {children}
  </Box>
);

/** The logged-in user's button; the account menu opens from it (menu props and ref passed through). */
export function AccountTrigger({ login, ...props }: { login: string } & ComponentPropsWithRef<'button'>) {
  return (
    <Button
      variant="default"
      leftSection={<UserIcon />}
      aria-label={login}
      className={classes.headerButton}
      {...props}
    >
      <ResponsiveLabel>{login}</ResponsiveLabel>
    </Button>
  );
}
