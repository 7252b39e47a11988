import { ForgotPasswordPage } from '../../features/shop/password/components/password-reset-pages';

export function Component() {
  return <ForgotPasswordPage />;
}
