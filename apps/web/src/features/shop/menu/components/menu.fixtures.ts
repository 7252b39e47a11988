// The menu answers the category menu's and the drawer's tests share: two activities, the first with one
// family that has one sub-family.
import type { MenuActivities, SimpleMenu, SubMenu } from '@comptoir/shared/menu';

export const activities: MenuActivities = {
  version: 'v1',
  cacheKey: '1:min',
  activites: [
    { code: 'GO', libelle: 'Gros œuvre' },
    { code: 'EL', libelle: 'Électricité' },
  ],
};
export const item = (code: string, libelle: string, niveau = 1) => ({
  CODE: code,
  NIVEAU: niveau,
  LIBELLE: libelle,
  LIEN: `/catalogue/${code}`,
});
export const goMenu: SubMenu = { activite: activities.activites[0]!, items: [item('GO01', 'Ciments')] };
export const elMenu: SubMenu = { activite: activities.activites[1]!, items: [item('EL01', 'Câbles')] };
export const goSub: SimpleMenu = { code: 'GO01', items: [item('GO0101', 'Ciments gris', 2)] };
