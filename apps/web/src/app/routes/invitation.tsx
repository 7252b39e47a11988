import { useSearchParams } from '../../lib/router';
import { InvitationPage } from '../../features/shop/invitation/components/invitation-page';

/** The mailed link carries the token in `jeton`. */
export function Component() {
  const [searchParams] = useSearchParams();
  return <InvitationPage token={searchParams.get('jeton')} />;
}
