// The storefront's order detail (/compte/detail-mouvement/{id}?codeClient=…): header (numero, dates,
// statuses, agency, address, carrier, payment), lines, and the order's amounts. An order the user may
// not see answers 404 like an unknown one: the page then says 'Commande introuvable'.
import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import {
  formatDate,
  formatEuros,
  formatEurosOrDash,
  formatQuantity,
  MISSING_AMOUNT,
} from '@comptoir/shared/format';
import {
  orderDetailParams,
  type DeliveryAddress,
  type OrderDetail,
  type OrderDetailLine,
} from '@comptoir/shared/orders/contract';
import { ORDER_NOT_FOUND } from '@comptoir/shared/orders/labels';
import { CARD_RETURN_PARAM, cardPaymentMessage } from '@comptoir/shared/payment';
import { useSearchParams } from '../../../../lib/router';
import { ApiError, errorMessage } from '../../../../lib/api';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { Fact, FactsSection } from '../../../../components/ui/facts';
import { AlertIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { ShopPrice } from '../../../../components/ui/shop-price';
import { unitPriceTtc } from '@comptoir/shared/money';
import { useTtcFirst } from '../../../../lib/shop-access';
import { PageLoader } from '../../../../components/ui/page-loader';
import { useOrderDetail } from '../api/get-order-detail';
import { ORDER_DETAIL_LABELS as T } from '../labels';
import { OrderDocuments } from './order-documents';

/** The page for the `id` path parameter; an id that cannot be an order's is not found either. */
interface OrderDetailPageProps {
  id: string | undefined;
  codeClient: string | null;
  /** Buttons for the page header, given the order's id (the route adds 'Commander à nouveau'). */
  actions?: (orderId: number) => ReactNode;
}

export function OrderDetailPage({ id, codeClient, actions }: OrderDetailPageProps) {
  const checked = orderDetailParams.safeParse({ id });
  if (!checked.success) return <NotFound message={ORDER_NOT_FOUND} />;
  return <OrderDetailOf id={checked.data.id} codeClient={codeClient} actions={actions?.(checked.data.id)} />;
}

function NotFound({ message }: { message: string }) {
  return (
    <>
      <PageHeader title={ORDER_NOT_FOUND} />
      {message !== ORDER_NOT_FOUND ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {message}
        </Alert>
      ) : null}
    </>
  );
}

function OrderDetailOf({
  id,
  codeClient,
  actions,
}: {
  id: number;
  codeClient: string | null;
  actions?: ReactNode;
}) {
  const detail = useOrderDetail(id, codeClient);
  if (detail.isPending) return <PageLoader />;
  if (detail.isError) {
    const { error } = detail;
    return error instanceof ApiError && error.status === 404 ? (
      <NotFound message={error.message || ORDER_NOT_FOUND} />
    ) : (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <>
      <CardPaymentNotice numero={detail.data.entete.numero} />
      <OrderDetailView detail={detail.data} actions={actions} />
      <OrderDocuments id={id} codeClient={codeClient} />
    </>
  );
}

const CARD_NOTICE_COLORS = { accepted: 'green', refused: 'red', pending: 'yellow' } as const;

/** Back from the card provider's page: what the bank said (the return's `paiement` parameter). */
function CardPaymentNotice({ numero }: { numero: string }) {
  const [params] = useSearchParams();
  const status = params.get(CARD_RETURN_PARAM);
  if (status !== 'accepted' && status !== 'refused' && status !== 'pending') return null;
  return (
    <Alert color={CARD_NOTICE_COLORS[status]} variant="light" role="status" mb="md">
      {cardPaymentMessage(numero, status)}
    </Alert>
  );
}

export function OrderDetailView({ detail, actions }: { detail: OrderDetail; actions?: ReactNode }) {
  const { entete: e, lignes, totaux } = detail;
  const ttcFirst = useTtcFirst();
  return (
    <>
      <PageHeader title={T.title(e.numero)} subtitle={e.libelleStatut} actions={actions} />
      <Stack gap="lg">
        <FactsSection title={T.header}>
          <Fact label={T.numero} value={e.numero} />
          <Fact label={T.date} value={formatDate(e.date)} />
          {e.dateValidationPaiement !== null ? (
            <Fact label={T.dateValidationPaiement} value={formatDate(e.dateValidationPaiement)} />
          ) : null}
          {e.dateExport !== null ? <Fact label={T.dateExport} value={formatDate(e.dateExport)} /> : null}
          <Fact label={T.refClient} value={e.refClient ?? MISSING_AMOUNT} />
          <Fact label={T.webCdeId} value={e.webCdeId ?? MISSING_AMOUNT} />
          <Fact label={T.statut} value={e.libelleStatut} />
          <Fact
            label={T.paiement}
            value={
              <>
                {e.libelleModeReglement ?? MISSING_AMOUNT}
                <Text component="span" display="block" size="sm">
                  {e.libelleTypePanier}
                </Text>
              </>
            }
          />
          <Fact label={T.client} value={`${e.libelleClient} (${e.codeClient})`} />
          <Fact label={T.agence} value={e.libelleAgence} />
          <Fact label={T.adresse} value={<Address address={e.adresseLivraison} />} />
          <Fact label={T.transporteur} value={e.transporteur ?? MISSING_AMOUNT} />
          {e.numeroExpedition !== null ? (
            <Fact
              label={T.expedition}
              value={
                e.lienSuivi ? (
                  <Anchor href={e.lienSuivi} target="_blank" rel="noopener noreferrer">
                    {T.trackingLink(e.numeroExpedition)}
                  </Anchor>
                ) : (
                  e.numeroExpedition
                )
              }
            />
          ) : null}
        </FactsSection>

        <section aria-labelledby="order-lines">
          <Title order={2} fz="h4" mb="sm" id="order-lines">
            {T.lines}
          </Title>
          <DataTable
            caption={T.lines}
            cardsOnPhone
            columns={lineColumns(ttcFirst)}
            rows={lignes}
            rowKey={(line) => `${line.codeArticle}.${line.codeDeclinaison}.${lignes.indexOf(line)}`}
            highlightOnHover={false}
          />
        </section>

        <FactsSection title={T.totals}>
          <Fact label={T.fraisPort} value={formatEuros(totaux.fraisPort)} />
          <Fact label={T.montantHT} value={formatEuros(totaux.montantHT)} />
          <Fact label={T.montantTVA} value={formatEurosOrDash(totaux.montantTVA)} />
          <Fact label={T.montantTTC} value={formatEurosOrDash(totaux.montantTTC)} />
        </FactsSection>
      </Stack>
    </>
  );
}

/** The lines' columns; the unit price incl. tax first for a private customer (ShopPrice). */
const lineColumns = (ttcFirst: boolean): DataTableColumn<OrderDetailLine>[] => [
  {
    key: 'article',
    header: T.article,
    nowrap: true,
    render: (l) => (l.codeDeclinaison ? `${l.codeArticle}.${l.codeDeclinaison}` : l.codeArticle),
  },
  {
    key: 'designation',
    header: T.designation,
    render: (l) =>
      l.decoupe ? (
        <>
          {l.designation}
          <Text size="sm" c="dimmed">
            {l.decoupe.libelle}
          </Text>
        </>
      ) : (
        l.designation
      ),
  },
  {
    key: 'chantier',
    header: T.chantier,
    render: (l) =>
      l.chantier ? (
        <Badge variant="outline" tt="none">
          {l.chantier}
        </Badge>
      ) : (
        ''
      ),
  },
  {
    key: 'quantite',
    header: T.quantite,
    align: 'right',
    nowrap: true,
    render: (l) => `${formatQuantity(l.quantite)} ${l.unite}`.trim(),
  },
  {
    key: 'prix',
    header: T.prixUnitaire,
    align: 'right',
    nowrap: true,
    render: (l) => (
      <ShopPrice
        ht={l.prixUnitaireHT}
        ttc={unitPriceTtc(l.prixUnitaireHT, l.tauxTVA)}
        unit={null}
        ttcFirst={ttcFirst}
        strong={false}
      />
    ),
  },
  { key: 'total', header: T.total, align: 'right', nowrap: true, render: (l) => formatEuros(l.montantHT) },
];

function Address({ address: a }: { address: DeliveryAddress }) {
  const city = [a.codePostal, a.ville].filter(Boolean).join(' ');
  const lines = [a.libelle, a.ligne1, a.ligne2, city].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return <>{MISSING_AMOUNT}</>;
  return (
    <>
      {lines.map((line, index) => (
        <Text component="span" display="block" key={index}>
          {line}
        </Text>
      ))}
    </>
  );
}
