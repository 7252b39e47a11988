// The payment validation page (opened from the orders list for ATT and AT2 orders; docs/contract/orders.md):
// the order, its amounts, its payment, and for an order awaiting payment a button that confirms (after a
// question) that the payment was received. Other orders say why they cannot be validated.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, formatEuros, formatEurosOrDash, MISSING_AMOUNT } from '@comptoir/shared/format';
import { paymentValidationQuery, type PaymentValidation } from '@comptoir/shared/orders/contract';
import {
  ORDER_COLUMN_TITLES,
  PAYMENT_VALIDATION_TEXTS,
  paymentNotValidatableMessage,
} from '@comptoir/shared/orders/labels';
import { errorMessage } from '../../../../lib/api';
import { AppModal } from '../../../../components/ui/app-modal';
import { Fact, FactsSection } from '../../../../components/ui/facts';
import { AlertIcon, InfoIcon } from '../../../../components/ui/icons';
import { PageLoader } from '../../../../components/ui/page-loader';
import { usePaymentValidation } from '../api/get-payment-validation';
import { useValidatePayment } from '../api/validate-payment';
import { PAYMENT_PAGE_LABELS as T } from '../labels';

/** The page for `?id=` (the order's numero); an absent or invalid id gets the schema's message. */
export function PaymentValidationPage({ id }: { id: string | null }) {
  const checked = paymentValidationQuery.safeParse({ id: id ?? undefined });
  if (!checked.success) {
    return <Problem message={checked.error.issues[0]?.message ?? ''} />;
  }
  // Keyed by numero: another order starts from a clean state (no message of the previous one).
  return <PaymentValidationOf key={checked.data.id} numero={checked.data.id} />;
}

function Problem({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {message}
    </Alert>
  );
}

function PaymentValidationOf({ numero }: { numero: string }) {
  const order = usePaymentValidation(numero);
  const validate = useValidatePayment(numero);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (order.isPending) return <PageLoader />;
  if (order.isError) return <Problem message={errorMessage(order.error)} />;
  const data = order.data;

  const confirm = () =>
    validate.mutate(undefined, {
      onSuccess: (result) => setDone(result.message),
      onSettled: () => setAsking(false),
    });

  return (
    <Stack gap="lg" maw={900}>
      {done ? (
        <Alert color="green" variant="light" icon={<InfoIcon />} role="status">
          {done}
        </Alert>
      ) : null}

      <FactsSection title={T.order}>
        <Fact label={T.numero} value={data.numero} />
        <Fact label={T.date} value={formatDate(data.date)} />
        <Fact label={T.refClient} value={data.refClient ?? MISSING_AMOUNT} />
        <Fact label={ORDER_COLUMN_TITLES.webCdeId} value={data.webCdeId ?? MISSING_AMOUNT} />
        <Fact label={ORDER_COLUMN_TITLES.client} value={`${data.libelleClient} (${data.codeClient})`} />
        <Fact label={ORDER_COLUMN_TITLES.agence} value={`${data.libelleAgence} (${data.codeAgence})`} />
      </FactsSection>

      <FactsSection title={T.amounts}>
        <Fact label={T.montantHT} value={formatEuros(data.montantHT)} />
        <Fact label={T.montantTVA} value={formatEurosOrDash(data.montantTVA)} />
        <Fact label={T.montantTTC} value={formatEurosOrDash(data.montantTTC)} />
        <Fact label={T.fraisPort} value={formatEuros(data.fraisPort)} />
      </FactsSection>

      <FactsSection title={T.payment}>
        <Fact label={T.modeReglement} value={data.libelleModeReglement ?? MISSING_AMOUNT} />
        <Fact label={T.etatPaiement} value={data.libelleTypePanier} />
        {data.valideePar !== null || data.valideeLe !== null ? (
          <Fact label={PAYMENT_VALIDATION_TEXTS.validatedBy} value={validatedBy(data)} />
        ) : null}
      </FactsSection>

      {data.validable ? (
        <Group>
          <Button onClick={() => setAsking(true)}>{PAYMENT_VALIDATION_TEXTS.confirm}</Button>
        </Group>
      ) : done ? null : (
        <Alert color="ardoise" variant="light" icon={<InfoIcon />}>
          {data.typePanier === 'VAL'
            ? PAYMENT_VALIDATION_TEXTS.alreadyValidated
            : paymentNotValidatableMessage(data.numero, data.typePanier)}
        </Alert>
      )}

      <AppModal
        title={PAYMENT_VALIDATION_TEXTS.confirm}
        opened={asking}
        onClose={() => !validate.isPending && setAsking(false)}
      >
        <Text>{T.confirmQuestion(data.numero)}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          {T.montantTTC} : {formatEurosOrDash(data.montantTTC)} —{' '}
          {data.libelleModeReglement ?? MISSING_AMOUNT}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setAsking(false)} disabled={validate.isPending}>
            {T.cancel}
          </Button>
          <Button onClick={confirm} loading={validate.isPending}>
            {T.confirmButton}
          </Button>
        </Group>
      </AppModal>
    </Stack>
  );
}

/** 'admin le 05/03/24 14:30': who confirmed the payment, and when. */
function validatedBy(data: PaymentValidation): string {
  const who = data.valideePar ?? MISSING_AMOUNT;
  return data.valideeLe === null
    ? who
    : `${who} ${PAYMENT_VALIDATION_TEXTS.validatedAt} ${formatDate(data.valideeLe)}`;
}
