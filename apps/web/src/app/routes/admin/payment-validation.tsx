import { useSearchParams } from '../../../lib/router';
import { PAYMENT_VALIDATION_TEXTS } from '@comptoir/shared/orders/labels';
import { PageHeader } from '../../../components/ui/page-header';
import { PaymentValidationPage } from '../../../features/admin/payment-validation/components/payment-validation';

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageHeader title={PAYMENT_VALIDATION_TEXTS.title} />
      <PaymentValidationPage id={searchParams.get('id')} />
    </>
  );
}
