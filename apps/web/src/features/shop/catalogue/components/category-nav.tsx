import { Link } from 'react-router';
import { useRootCategories } from '../api/get-root-categories';
import classes from './root-categories.module.css';

/** The header's category menu: one link per root category (the full menu with sub-menus comes later). */
export function CategoryNav() {
  const { data } = useRootCategories();
  if (!data || data.length === 0) return null;
  return (
    <nav aria-label="Catégories">
      <ul className={classes.nav}>
        {data.map((category) => (
          <li key={category.code}>
            <Link to={category.lien} className={classes.navLink}>
              {category.libelle}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
