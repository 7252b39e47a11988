// The title of a page: its <h1>, and the browser tab's title ('… — Comptoir').
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import classes from './page-header.module.css';

export const APP_NAME = 'Comptoir';

export interface PageHeaderProps {
  title: string;
  /** One line under the title. */
  subtitle?: ReactNode;
  /** Buttons shown on the right of the title. */
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(`${title} — ${APP_NAME}`);
  return (
    <div className={classes.root}>
      <div>
        <h1 className={classes.title}>{title}</h1>
        {subtitle ? <p className={classes.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={classes.actions}>{actions}</div> : null}
    </div>
  );
}
