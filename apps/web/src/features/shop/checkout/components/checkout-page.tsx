// The checkout (/panier/commande): delivery address, carrier with its fee, payment method, the
// customer's reference, then 'Valider la commande'. Once placed, the order's detail page opens; a card
// payment first goes to the provider's hosted page, which comes back to the order (docs/contract/checkout-and-payments.md); a
// visitor, who has no account to see it in, gets the confirmation on this page. Only the payment methods
// the server would accept can be chosen (paymentChoices, the server's own rule).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../../lib/router';
import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  SHIPPING_FEE_VAT_RATE,
  cartTotals,
  type CheckoutOptions,
  type DeliveryAddress,
} from '@comptoir/shared/cart';
import { formatEuros, MISSING_AMOUNT } from '@comptoir/shared/format';
import { paymentChoices } from '@comptoir/shared/encours';
import {
  CARD_RETURN_ORDER_PARAM,
  CARD_RETURN_PARAM,
  cardPaymentMessage,
  type CardPaymentStatus,
  type PaymentMethod,
} from '@comptoir/shared/payment';
import { useMe } from '../../../../lib/auth';
import { errorMessage } from '../../../../lib/api';
import { paths } from '../../../../config/paths';
import { AlertIcon, InfoIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { PageLoader } from '../../../../components/ui/page-loader';
import { showSuccessToast, showWarningToast } from '../../../../components/ui/toasts';
import { useCheckoutOptions, usePlaceOrder } from '../api/checkout';
import { CHECKOUT_LABELS } from '../labels';
import { CgvAcceptance } from './cgv-acceptance';
import {
  EMPTY_VISITOR_FORM,
  VisitorContact,
  VisitorDelivery,
  visitorDetailsOf,
  type VisitorForm,
} from './visitor-details';

export function CheckoutPage() {
  const [addressId, setAddressId] = useState<number | null>(null);
  const [placedMessage, setPlacedMessage] = useState<string | null>(null);
  const cardReturn = useVisitorCardReturn();
  const options = useCheckoutOptions(addressId);
  if (cardReturn !== null) {
    return (
      <CheckoutOutcome
        color={cardReturn.status === 'refused' ? 'red' : 'green'}
        message={cardPaymentMessage(cardReturn.numero, cardReturn.status)}
      />
    );
  }
  if (placedMessage !== null) {
    return <CheckoutOutcome color="green" icon={<InfoIcon />} message={placedMessage} />;
  }
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
    <CheckoutForm
      options={options.data}
      loadingFees={options.isFetching}
      onAddressChange={setAddressId}
      onPlacedAsVisitor={setPlacedMessage}
    />
  );
}

/** A visitor back from the card provider's page: the order's number and what the bank said, or null. */
function useVisitorCardReturn(): { numero: string; status: CardPaymentStatus } | null {
  const [params] = useSearchParams();
  const status = params.get(CARD_RETURN_PARAM);
  const numero = params.get(CARD_RETURN_ORDER_PARAM);
  if (!numero || (status !== 'accepted' && status !== 'refused' && status !== 'pending')) return null;
  return { numero, status };
}

const addressText = (a: DeliveryAddress) =>
  [a.ligne1, a.ligne2, `${a.codePostal} ${a.ville}`].filter(Boolean).join(', ');

function CheckoutForm({
  options,
  loadingFees,
  onAddressChange,
  onPlacedAsVisitor,
}: {
  options: CheckoutOptions;
  loadingFees: boolean;
  onAddressChange: (id: number) => void;
  onPlacedAsVisitor: (message: string) => void;
}) {
  const navigate = useNavigate();
  const visitor = useMe().data === null;
  const place = usePlaceOrder();
  const [carrierId, setCarrierId] = useState<string>('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [visitorForm, setVisitorForm] = useState<VisitorForm>(EMPTY_VISITOR_FORM);
  const [cgvAccepted, setCgvAccepted] = useState(false);

  const carrier = options.transporteurs.find((c) => String(c.id) === carrierId) ?? null;
  const fee = carrier?.fraisHT ?? 0;
  const totals = cartTotals([
    ...options.panier.lignes,
    ...(carrier ? [{ montantHT: fee, tauxTVA: SHIPPING_FEE_VAT_RATE }] : []),
  ]);
  // The credit limit is judged on the order's TTC with its shipping fee, as the server does.
  const choices = paymentChoices(
    options.modesReglement.map((m) => m.code),
    options.encours,
    totals.totalTTC,
  );
  const refusalOf = (code: PaymentMethod) => choices.find((choice) => choice.code === code)?.refus ?? null;
  const chosen = method !== '' && refusalOf(method) === null ? method : '';
  const cgvOk = options.cgv === null || cgvAccepted;
  const ready = options.adresseId !== null && carrier !== null && chosen !== '' && cgvOk && !loadingFees;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (options.adresseId === null || !carrier || chosen === '' || !cgvOk || loadingFees) return;
    setError(null);
    setFailure(null);
    place.mutate(
      {
        adresseId: options.adresseId,
        transporteurId: carrier.id,
        modeReglement: chosen,
        refClient: reference.trim() || undefined,
        ...(options.cgv ? { versionCGV: options.cgv.version } : {}),
        ...(visitor ? { visiteur: visitorDetailsOf(visitorForm) } : {}),
      },
      {
        onSuccess: (placed) => {
          if (placed.paiement) {
            // The card is paid on the provider's page, which sends the shopper back to the order.
            window.location.assign(placed.paiement.url);
            return;
          }
          if (placed.avertissement) showWarningToast(placed.avertissement);
          if (visitor) return onPlacedAsVisitor(placed.message);
          showSuccessToast(placed.message);
          void navigate(paths.shop.orderDetail.getHref(placed.id));
        },
        onError: (refusal) => {
          setError(errorMessage(refusal));
          setFailure(refusal);
        },
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
            {visitor ? (
              <VisitorDelivery
                addresses={options.adresses}
                addressId={options.adresseId}
                onAddressChange={onAddressChange}
              />
            ) : (
              <Radio.Group
                label={CHECKOUT_LABELS.address}
                value={options.adresseId === null ? '' : String(options.adresseId)}
                onChange={(value) => onAddressChange(Number(value))}
                withAsterisk
              >
                <Stack gap="xs" mt="xs">
                  {options.adresses.length === 0 ? <Text c="dimmed">{CHECKOUT_LABELS.noAddress}</Text> : null}
                  {options.adresses.map((a) => (
                    <Radio key={a.id} value={String(a.id)} label={a.libelle} description={addressText(a)} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {visitor ? (
              <VisitorContact value={visitorForm} onChange={setVisitorForm} error={failure} />
            ) : null}

            <Radio.Group
              label={CHECKOUT_LABELS.carrier}
              value={carrierId}
              onChange={setCarrierId}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {/* Carriers withheld for want of a fee: the server says what remains (pickup, or nothing). */}
                {options.avisTransport !== null ? (
                  <Alert color="orange" variant="light" icon={<AlertIcon />}>
                    {options.avisTransport}
                  </Alert>
                ) : options.transporteurs.length === 0 ? (
                  <Text c="dimmed">{CHECKOUT_LABELS.noCarrier}</Text>
                ) : null}
                {carriersByFee(options.transporteurs).map(({ fee: groupFee, carriers }) => (
                  <Stack key={groupFee} gap="xs">
                    <Text size="sm" fw={600}>
                      {CHECKOUT_LABELS.carrierPrice(
                        groupFee === 0 ? null : formatEuros(groupFee),
                        carriers.length,
                      )}
                    </Text>
                    {carriers.map((c) => (
                      <Radio
                        key={c.id}
                        value={String(c.id)}
                        label={c.nom}
                        description={c.description ?? undefined}
                      />
                    ))}
                  </Stack>
                ))}
              </Stack>
            </Radio.Group>

            <Radio.Group
              label={CHECKOUT_LABELS.payment}
              value={chosen}
              onChange={(value) => setMethod(value as PaymentMethod)}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {options.modesReglement.map((m) => (
                  <Radio
                    key={m.code}
                    value={m.code}
                    label={m.libelle}
                    disabled={refusalOf(m.code) !== null}
                    description={refusalOf(m.code) ?? undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {chosen === 'carte' ? (
              <Text size="sm" c="dimmed" maw={480}>
                {CHECKOUT_LABELS.cardHosted}
              </Text>
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
              <SummaryRow label={CHECKOUT_LABELS.fee} value={carrier ? feeText(fee) : MISSING_AMOUNT} />
              <SummaryRow label={CHECKOUT_LABELS.totalHT} value={formatEuros(totals.totalHT)} />
              <SummaryRow label={CHECKOUT_LABELS.totalTVA} value={formatEuros(totals.totalTVA)} />
              <SummaryRow label={CHECKOUT_LABELS.totalTTC} value={formatEuros(totals.totalTTC)} strong />
              {options.cgv ? (
                <CgvAcceptance cgv={options.cgv} checked={cgvAccepted} onChange={setCgvAccepted} />
              ) : null}
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

/** A fee as the shopper reads it: 'Gratuit' when nothing is charged. */
const feeText = (fee: number) => (fee === 0 ? CHECKOUT_LABELS.free : formatEuros(fee));

/** The carriers grouped by fee (each price said once), in the order of their first carrier. */
function carriersByFee(carriers: CheckoutOptions['transporteurs']) {
  const groups = new Map<number, CheckoutOptions['transporteurs']>();
  for (const carrier of carriers)
    groups.set(carrier.fraisHT, [...(groups.get(carrier.fraisHT) ?? []), carrier]);
  return [...groups].map(([fee, group]) => ({ fee, carriers: group }));
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 500}>{value}</Text>
    </Group>
  );
}

/** What became of the order (placed, or back from the card provider's page), and the way home. */
function CheckoutOutcome({ color, icon, message }: { color: string; icon?: ReactNode; message: string }) {
  return (
    <>
      <PageHeader title={CHECKOUT_LABELS.title} />
      <Alert color={color} variant="light" icon={icon} role="status">
        <Stack gap="xs">
          <Text size="sm">{message}</Text>
          <Anchor component={Link} to={paths.shop.home.getHref()}>
            {CHECKOUT_LABELS.backHome}
          </Anchor>
        </Stack>
      </Alert>
    </>
  );
}
