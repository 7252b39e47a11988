// The checkout (/panier/commande): delivery address, carrier with its fee, payment method (a card
// number for a card payment), the customer's reference, then 'Valider la commande'. Once placed, the
// order's detail page opens (its payment status says whether the payment went through).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  SHIPPING_FEE_VAT_RATE,
  cartTotals,
  type CheckoutOptions,
  type DeliveryAddress,
} from '@comptoir/shared/cart';
import { formatEuros, MISSING_AMOUNT } from '@comptoir/shared/format';
import type { PaymentMethod } from '@comptoir/shared/payment';
import { errorMessage } from '../../../../lib/api';
import { paths } from '../../../../config/paths';
import { AlertIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { PageLoader } from '../../../../components/ui/page-loader';
import { showSuccessToast, showWarningToast } from '../../../../components/ui/toasts';
import { useCheckoutOptions, usePlaceOrder } from '../api/checkout';
import { CHECKOUT_LABELS } from '../labels';

export function CheckoutPage() {
  const [addressId, setAddressId] = useState<number | null>(null);
  const options = useCheckoutOptions(addressId);
  if (options.isPending) return <PageLoader />;
  if (options.isError) {
    return (
      <>
        <PageHeader title={CHECKOUT_LABELS.title} />
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {errorMessage(options.error)}
        </Alert>
      </>
    );
  }
  if (options.data.panier.nbLignes === 0) {
    return (
      <>
        <PageHeader title={CHECKOUT_LABELS.title} />
        <Text>{CHECKOUT_LABELS.emptyCart}</Text>
      </>
    );
  }
  return (
    <CheckoutForm options={options.data} loadingFees={options.isFetching} onAddressChange={setAddressId} />
  );
}

const addressText = (a: DeliveryAddress) =>
  [a.ligne1, a.ligne2, `${a.codePostal} ${a.ville}`].filter(Boolean).join(', ');

function CheckoutForm({
  options,
  loadingFees,
  onAddressChange,
}: {
  options: CheckoutOptions;
  loadingFees: boolean;
  onAddressChange: (id: number) => void;
}) {
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const [carrierId, setCarrierId] = useState<string>('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [card, setCard] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const carrier = options.transporteurs.find((c) => String(c.id) === carrierId) ?? null;
  const fee = carrier?.fraisHT ?? 0;
  const totals = cartTotals([
    ...options.panier.lignes,
    ...(carrier ? [{ montantHT: fee, tauxTVA: SHIPPING_FEE_VAT_RATE }] : []),
  ]);
  const ready = options.adresseId !== null && carrier !== null && method !== '' && !loadingFees;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (options.adresseId === null || !carrier || method === '' || loadingFees) return;
    setError(null);
    place.mutate(
      {
        adresseId: options.adresseId,
        transporteurId: carrier.id,
        modeReglement: method,
        refClient: reference.trim() || undefined,
        ...(method === 'carte' ? { carte: { numero: card } } : {}),
      },
      {
        onSuccess: (placed) => {
          showSuccessToast(placed.message);
          if (placed.avertissement) showWarningToast(placed.avertissement);
          void navigate(paths.shop.orderDetail.getHref(placed.id));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={CHECKOUT_LABELS.title}
        actions={
          <Anchor component={Link} to={paths.shop.cart.getHref()}>
            {CHECKOUT_LABELS.backToCart}
          </Anchor>
        }
      />
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="lg" style={{ flex: '2 1 420px' }}>
            <Radio.Group
              label={CHECKOUT_LABELS.address}
              value={options.adresseId === null ? '' : String(options.adresseId)}
              onChange={(value) => onAddressChange(Number(value))}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {options.adresses.length === 0 ? <Text c="dimmed">{CHECKOUT_LABELS.noAddress}</Text> : null}
                {options.adresses.map((a) => (
                  <Radio
                    key={a.id}
                    value={String(a.id)}
                    label={a.libelle}
                    description={`${addressText(a)}${a.zone ? CHECKOUT_LABELS.addressZone(a.zone) : ''}`}
                  />
                ))}
              </Stack>
            </Radio.Group>

            <Radio.Group
              label={CHECKOUT_LABELS.carrier}
              value={carrierId}
              onChange={setCarrierId}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {options.transporteurs.length === 0 ? (
                  <Text c="dimmed">{CHECKOUT_LABELS.noCarrier}</Text>
                ) : null}
                {options.transporteurs.map((c) => (
                  <Radio
                    key={c.id}
                    value={String(c.id)}
                    label={CHECKOUT_LABELS.carrierOption(c.nom, formatEuros(c.fraisHT))}
                    description={[c.description, c.explication].filter(Boolean).join(' · ')}
                  />
                ))}
              </Stack>
            </Radio.Group>

            <Radio.Group
              label={CHECKOUT_LABELS.payment}
              value={method}
              onChange={(value) => setMethod(value as PaymentMethod)}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {options.modesReglement.map((m) => (
                  <Radio key={m.code} value={m.code} label={m.libelle} />
                ))}
              </Stack>
            </Radio.Group>
            {method === 'carte' ? (
              <TextInput
                label={CHECKOUT_LABELS.cardNumber}
                value={card}
                onChange={(event) => setCard(event.currentTarget.value)}
                inputMode="numeric"
                autoComplete="cc-number"
                maxLength={30}
                required
                maw={320}
              />
            ) : null}
            <TextInput
              label={CHECKOUT_LABELS.reference}
              description={CHECKOUT_LABELS.referenceHint}
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
              maxLength={50}
              maw={320}
            />
          </Stack>

          <Paper
            withBorder
            radius="md"
            p="lg"
            miw={280}
            style={{ flex: '1 1 280px' }}
            component="section"
            aria-labelledby="checkout-summary"
          >
            <Title order={2} fz="h4" mb="sm" id="checkout-summary">
              {CHECKOUT_LABELS.summary}
            </Title>
            <Stack gap="xs">
              <SummaryRow label={CHECKOUT_LABELS.lines} value={formatEuros(options.panier.totalHT)} />
              <SummaryRow label={CHECKOUT_LABELS.fee} value={carrier ? formatEuros(fee) : MISSING_AMOUNT} />
              {carrier ? (
                <Text size="xs" c="dimmed">
                  {carrier.explication}
                </Text>
              ) : null}
              <SummaryRow label={CHECKOUT_LABELS.totalHT} value={formatEuros(totals.totalHT)} />
              <SummaryRow label={CHECKOUT_LABELS.totalTVA} value={formatEuros(totals.totalTVA)} />
              <SummaryRow label={CHECKOUT_LABELS.totalTTC} value={formatEuros(totals.totalTTC)} strong />
              {error ? (
                <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                  {error}
                </Alert>
              ) : null}
              <Button type="submit" mt="sm" disabled={!ready} loading={place.isPending}>
                {CHECKOUT_LABELS.submit}
              </Button>
            </Stack>
          </Paper>
        </Group>
      </form>
    </>
  );
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 500}>{value}</Text>
    </Group>
  );
}
