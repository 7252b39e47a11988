import { useNavigate, useSearchParams } from '../../lib/router';
import { paths, REDIRECT_PARAM, safeRedirectPath } from '../../config/paths';
import { SignupPage } from '../../features/shop/signup/components/signup-page';

export function Component() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get(REDIRECT_PARAM);
  return (
    <SignupPage
      redirectTo={redirectTo}
      onDone={() => navigate(safeRedirectPath(redirectTo, paths.shop.home.getHref()), { replace: true })}
    />
  );
}
