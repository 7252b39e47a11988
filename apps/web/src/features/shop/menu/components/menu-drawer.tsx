// The phone's category menu (docs/contract/category-menu.md): the header's menu button opens this drawer,
// one disclosure button per activity, then per family for its sub-levels. A touch screen has no hover:
// a level loads when its button is pressed, from the same local cache as the desktop menu. The drawer is
// a dialog (focus kept inside, Esc closes, focus back on the menu button); following a link closes it.
import { useState, type ReactNode } from 'react';
import { Link } from '../../../../lib/router';
import { Drawer, Loader, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import type { MenuItem } from '@comptoir/shared/menu';
import { ChevronDownIcon } from '../../../../components/ui/icons';
import { loadSimpleMenu, loadSubMenu, useMenuActivities } from '../api/get-menu';
import { MENU_LABELS } from '../labels';
import classes from './menu-drawer.module.css';

interface MenuDrawerProps {
  /** The id the menu button's aria-controls names. */
  id?: string;
  opened: boolean;
  onClose: () => void;
  /** Shown under the activities (the layout puts the tariff agency there). */
  children?: ReactNode;
}

export function MenuDrawer({ id, opened, onClose, children }: MenuDrawerProps) {
  const { data } = useMenuActivities();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Drawer.Root opened={opened} onClose={onClose} size="min(100vw, 22rem)">
      <Drawer.Overlay />
      <Drawer.Content id={id}>
        {/* A div, not Mantine's <header>: a dialog's heading row is no banner landmark. */}
        <Drawer.Header component="div">
          <Drawer.Title className={classes.title}>{MENU_LABELS.nav}</Drawer.Title>
          <Drawer.CloseButton aria-label={MENU_LABELS.close} />
        </Drawer.Header>
        <Drawer.Body px={0}>
          <nav aria-label={MENU_LABELS.nav}>
            <ul className={classes.list}>
              {(data?.activites ?? []).map((activity) => (
                <Level
                  key={activity.code}
                  id={`menu-tiroir-${activity.code}`}
                  label={activity.libelle}
                  expanded={open === activity.code}
                  onToggle={() => setOpen(open === activity.code ? null : activity.code)}
                >
                  <Families code={activity.code} onNavigate={onClose} />
                </Level>
              ))}
            </ul>
          </nav>
          {children ? <div className={classes.extra}>{children}</div> : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

interface LevelProps {
  id: string;
  label: string;
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A disclosure: a button that shows or hides the list under it. */
function Level({ id, label, expanded, onToggle, children }: LevelProps) {
  return (
    <li>
      <UnstyledButton
        className={classes.toggle}
        aria-expanded={expanded}
        aria-controls={expanded ? id : undefined}
        onClick={onToggle}
      >
        <span>{label}</span>
        <ChevronDownIcon className={classes.chevron} aria-hidden />
      </UnstyledButton>
      {expanded ? (
        <div id={id} className={classes.nested}>
          {children}
        </div>
      ) : null}
    </li>
  );
}

function Families({ code, onNavigate }: { code: string; onNavigate: () => void }) {
  const menu = useQuery({
    queryKey: ['menu', 'submenu', code],
    queryFn: () => loadSubMenu(code),
    meta: { errorToast: ERROR_TOASTS.menu },
  });
  const [open, setOpen] = useState<string | null>(null);
  if (!menu.data) return menu.isPending ? <Loading /> : null;
  return (
    <ul className={classes.list} aria-label={menu.data.activite.libelle}>
      {menu.data.items.map((family) => (
        <li key={family.CODE} className={classes.family}>
          <ItemLink item={family} onNavigate={onNavigate} />
          <FamilyChildren
            family={family}
            expanded={open === family.CODE}
            onToggle={() => setOpen(open === family.CODE ? null : family.CODE)}
            onNavigate={onNavigate}
          />
        </li>
      ))}
    </ul>
  );
}

interface FamilyChildrenProps {
  family: MenuItem;
  expanded: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}

/** The sub-families of a family, behind a button named after it (a family without any says so once loaded). */
function FamilyChildren({ family, expanded, onToggle, onNavigate }: FamilyChildrenProps) {
  const sub = useQuery({
    queryKey: ['menu', 'simplemenu', family.CODE],
    queryFn: () => loadSimpleMenu(family.CODE),
    enabled: expanded,
    meta: { errorToast: ERROR_TOASTS.menu },
  });
  const id = `menu-tiroir-famille-${family.CODE}`;
  return (
    <>
      <UnstyledButton
        className={classes.subToggle}
        aria-label={MENU_LABELS.subFamiliesOf(family.LIBELLE)}
        aria-expanded={expanded}
        aria-controls={expanded ? id : undefined}
        onClick={onToggle}
      >
        <ChevronDownIcon className={classes.chevron} aria-hidden />
      </UnstyledButton>
      {expanded ? (
        <div id={id} className={classes.nested}>
          {!sub.data ? (
            sub.isPending ? (
              <Loading />
            ) : null
          ) : sub.data.items.length === 0 ? (
            <p className={classes.none}>{MENU_LABELS.noSubFamily}</p>
          ) : (
            <ul className={classes.list} aria-label={MENU_LABELS.subFamiliesOf(family.LIBELLE)}>
              {sub.data.items.map((item) => (
                <li key={item.CODE}>
                  <ItemLink item={item} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </>
  );
}

const ItemLink = ({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) => (
  <Link to={item.LIEN} className={classes.link} onClick={onNavigate}>
    {item.LIBELLE}
  </Link>
);

const Loading = () => (
  <div className={classes.loading} role="status">
    <Loader size="xs" />
    <span>{MENU_LABELS.loading}</span>
  </div>
);
