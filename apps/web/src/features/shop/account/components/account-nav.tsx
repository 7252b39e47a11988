// The account's sections, shown on each of its pages: orders, addresses, quick order, password.
import { NavLink as RouterLink, useLocation } from '../../../../lib/router';
import { Anchor, Group } from '@mantine/core';
import { paths } from '../../../../config/paths';
import { ACCOUNT_LABELS } from '../labels';

const SECTIONS = [
  { href: paths.shop.account.getHref(), label: ACCOUNT_LABELS.navOrders },
  { href: paths.shop.addresses.getHref(), label: ACCOUNT_LABELS.navAddresses },
  { href: paths.shop.quickOrder.getHref(), label: ACCOUNT_LABELS.navQuickOrder },
  { href: paths.shop.password.getHref(), label: ACCOUNT_LABELS.navPassword },
];

export function AccountNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label={ACCOUNT_LABELS.nav}>
      <Group gap="md" mb="lg" wrap="wrap">
        {SECTIONS.map((section) => (
          <Anchor
            key={section.href}
            component={RouterLink}
            to={section.href}
            end
            fw={pathname === section.href ? 700 : 400}
            aria-current={pathname === section.href ? 'page' : undefined}
          >
            {section.label}
          </Anchor>
        ))}
      </Group>
    </nav>
  );
}
