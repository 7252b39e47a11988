import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { Anchor, Center, Paper, Text } from '@mantine/core';
import type { Me } from '@comptoir/shared/auth';
import { PageHeader } from '../../components/ui/page-header';
import { paths, REDIRECT_PARAM, safeRedirectPath } from '../../config/paths';
import { LoginForm } from '../../features/shop/login/components/login-form';
import { APP_LABELS } from '../labels';

/** Where a user lands after logging in without a return URL. */
const homeOf = (user: Me) => (user.role === 'admin' ? paths.admin.home.getHref() : paths.shop.home.getHref());

export function Component() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get(REDIRECT_PARAM);

  return (
    <Center>
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <PageHeader title={APP_LABELS.loginPage.title} />
        {redirectTo ? (
          <Text size="sm" mb="md">
            {APP_LABELS.loginPage.returnHint}
          </Text>
        ) : null}
        <LoginForm
          onSuccess={(user) => navigate(safeRedirectPath(redirectTo, homeOf(user)), { replace: true })}
        />
        <Anchor component={Link} to={paths.forgotPassword.getHref()} display="block" mt="md" ta="center">
          {APP_LABELS.loginPage.forgotLink}
        </Anchor>
        <Anchor component={Link} to={paths.signup.getHref(redirectTo)} display="block" mt="xs" ta="center">
          {APP_LABELS.loginPage.signupLink}
        </Anchor>
      </Paper>
    </Center>
  );
}
