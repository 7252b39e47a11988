// The logged-in user's menu in the storefront header: back office or account, and logging out. Loaded only
// once someone is logged in (docs/performance/first-load.md).
import { Link } from '../../lib/router';
import { Menu } from '@mantine/core';
import type { Me } from '@comptoir/shared/auth';
import { isAdmin, useLogout } from '../../lib/auth';
import { paths } from '../../config/paths';
import { APP_LABELS } from '../labels';
import { AccountTrigger } from './header-button';

export function AccountMenu({ user }: { user: Me }) {
  const logout = useLogout();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <AccountTrigger login={user.login} />
      </Menu.Target>
      <Menu.Dropdown>
        {isAdmin(user) ? (
          <Menu.Item component={Link} to={paths.admin.home.getHref()}>
            {APP_LABELS.shop.admin}
          </Menu.Item>
        ) : (
          <Menu.Item component={Link} to={paths.shop.account.getHref()}>
            {APP_LABELS.shop.account}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => logout.mutate()}>{APP_LABELS.logout}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
