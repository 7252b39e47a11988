// A breadcrumb trail (nav 'Fil d'Ariane'): links to each level, the last one is the current page. On a
// phone a long trail wraps a link a line: each is 24 px tall with space between the lines, a target a
// thumb can hit (WCAG's target size), where the small text alone made 20 px lines touching.
import { Link } from '../../lib/router';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { BREADCRUMB_LABEL } from './labels';

export interface BreadcrumbItem {
  label: string;
  href: string;
}

export function Breadcrumb({ items, current }: { items: BreadcrumbItem[]; current?: string }) {
  const last = items.length - 1;
  return (
    <nav aria-label={BREADCRUMB_LABEL}>
      <Breadcrumbs
        separatorMargin={6}
        mb="sm"
        styles={{ root: { flexWrap: 'wrap', rowGap: 4 }, breadcrumb: { paddingBlock: 2 } }}
      >
        {items.map((item, index) =>
          index === last && current === undefined ? (
            <Text key={item.href} size="sm" aria-current="page">
              {item.label}
            </Text>
          ) : (
            <Anchor key={item.href} component={Link} to={item.href} size="sm">
              {item.label}
            </Anchor>
          ),
        )}
        {current !== undefined ? (
          <Text size="sm" aria-current="page">
            {current}
          </Text>
        ) : null}
      </Breadcrumbs>
    </nav>
  );
}
