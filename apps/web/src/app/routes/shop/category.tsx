import { useParams } from '../../../lib/router';
import { FamilyPageView } from '../../../features/shop/catalogue/components/family-page';

export function Component() {
  const { code = '' } = useParams();
  // Keyed by family: another family starts on its own first page state.
  return <FamilyPageView key={code} code={code} />;
}
