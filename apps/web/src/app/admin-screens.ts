// The back-office screens: one entry per screen gives its route, its navigation link and its card on
// the home page. Adding a screen: its URL in config/paths.ts, its route module in routes/admin/, and one
// entry here (the order here is the order of the navigation).
import type { ComponentType } from 'react';
import { paths } from '../config/paths';

export interface AdminScreen {
  /** Router pattern, from paths.admin. */
  path: string;
  /** Link target; the path unless the screen needs a default query. */
  href: string;
  /** French name of the screen, as the navigation and the home card show it. */
  label: string;
  /** One sentence for the home card. */
  description: string;
  /** The lazily loaded route module (code split per screen). */
  load: () => Promise<{ Component: ComponentType }>;
}

export const adminHome: AdminScreen = {
  path: paths.admin.home.path,
  href: paths.admin.home.getHref(),
  label: 'Accueil',
  description: "Les chiffres du jour et l'accès aux écrans d'administration.",
  load: () => import('./routes/admin/home'),
};

export const adminScreens: readonly AdminScreen[] = [adminHome];
