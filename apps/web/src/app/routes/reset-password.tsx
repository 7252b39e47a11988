import { useSearchParams } from '../../lib/router';
import { ResetPasswordPage } from '../../features/shop/password/components/password-reset-pages';

/** The mailed link carries the token in `jeton`. */
export function Component() {
  const [searchParams] = useSearchParams();
  return <ResetPasswordPage token={searchParams.get('jeton')} />;
}
