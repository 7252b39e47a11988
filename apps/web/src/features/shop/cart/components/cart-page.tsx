// The customer's cart (/panier): its lines with quantity, chantier tag and removal, the products per
// chantier, the totals and the way to the checkout. Prices are the shopper's (those the catalogue showed
// it), incl. tax first for a private customer (useTtcFirst). A visitor's cart (visitors may order) has no chantier tags and no credit limit: both are an
// account's.
import { useEffect, useState } from 'react';
import { Link } from '../../../../lib/router';
import {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { CART_MESSAGES, CART_QUANTITY_MAX, type Cart, type CartLine } from '@comptoir/shared/cart';
import { checkQuantity } from '@comptoir/shared/quantity-rules';
import { formatEuros, formatQuantity } from '@comptoir/shared/format';
import { unitPriceTtc } from '@comptoir/shared/money';
import { errorMessage } from '../../../../lib/api';
import { useCart } from '../../../../lib/cart';
import { useMe } from '../../../../lib/auth';
import { useTtcFirst } from '../../../../lib/shop-access';
import { ShopPrice } from '../../../../components/ui/shop-price';
import { paths } from '../../../../config/paths';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { DecimalInput, type DecimalReading } from '../../../../components/ui/decimal-input';
import { AlertIcon, TrashIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { EncoursSummary } from '../../../../components/ui/encours-summary';
import { PageLoader } from '../../../../components/ui/page-loader';
import { showErrorToast } from '../../../../components/ui/toasts';
import { useRemoveCartLine, useUpdateCartLine } from '../api/cart-lines';
import { CutToSizeFields, toDecoupe, type CutDraft } from '../../../../components/ui/cut-to-size-fields';
import { DIMENSIONS } from '@comptoir/shared/dimensions';
import { useSiteTags, useTaggedProducts } from '../api/site-tags';
import { CART_LABELS } from '../labels';
import { SiteTagWidget } from './site-tag-widget';

export function CartPage() {
  const cart = useCart();
  if (cart.isPending) return <PageLoader />;
  if (cart.isError) {
    return (
      <>
        <PageHeader title={CART_LABELS.title} />
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {errorMessage(cart.error)}
        </Alert>
      </>
    );
  }
  return <CartView cart={cart.data} />;
}

export function CartView({ cart }: { cart: Cart }) {
  const account = Boolean(useMe().data);
  const tags = useSiteTags(account);
  const ttcFirst = useTtcFirst();
  if (cart.lignes.length === 0) {
    return (
      <>
        <PageHeader title={CART_LABELS.title} />
        <Text>{CART_LABELS.empty}</Text>
      </>
    );
  }
  const columns: DataTableColumn<CartLine>[] = [
    {
      key: 'article',
      header: CART_LABELS.article,
      render: (line) => (
        <Stack gap={0}>
          <Anchor component={Link} to={line.lien}>
            {line.designation}
          </Anchor>
          <Text size="xs" c="dimmed">
            {line.codeArticle}
            {line.codeDeclinaison ? ` · ${line.codeDeclinaison}` : ''}
          </Text>
          {line.decoupe ? <Text size="sm">{line.decoupe.libelle}</Text> : null}
          {line.disponibilite ? (
            <Text size="sm" fw={600}>
              {line.disponibilite}
            </Text>
          ) : null}
          {line.aRevoir ? (
            <Text size="sm" c="red.8" fw={600}>
              {CART_LABELS.cutToReview(line.aRevoir)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'quantite',
      header: CART_LABELS.quantity,
      render: (line) => (line.decoupe ? <CutLineEditor line={line} /> : <QuantityInput line={line} />),
      width: 150,
    },
    {
      key: 'prix',
      header: CART_LABELS.unitPrice,
      render: (line) => (
        <ShopPrice
          ht={line.prixUnitaireHT}
          ttc={unitPriceTtc(line.prixUnitaireHT, line.tauxTVA)}
          unit={line.unite}
          ttcFirst={ttcFirst}
          strong={false}
        />
      ),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'montant',
      header: CART_LABELS.amount,
      render: (line) => formatEuros(line.montantHT),
      align: 'right',
      nowrap: true,
    },
    ...(account
      ? [
          {
            key: 'chantier',
            header: CART_LABELS.siteTag,
            render: (line: CartLine) => (
              <SiteTagWidget
                lineId={line.id}
                designation={line.designation}
                tag={line.chantier}
                tags={tags.data ?? []}
              />
            ),
          },
        ]
      : []),
    {
      key: 'actions',
      header: <VisuallyHidden>{CART_LABELS.actions}</VisuallyHidden>,
      render: (line) => <RemoveButton line={line} />,
    },
  ];
  const lineTags = [...new Set(cart.lignes.flatMap((line) => (line.chantier ? [line.chantier] : [])))].sort(
    (a, b) => a.localeCompare(b, 'fr'),
  );
  return (
    <>
      <PageHeader title={CART_LABELS.title} subtitle={CART_LABELS.pricesNote(ttcFirst)} />
      <Stack gap="lg">
        <DataTable
          columns={columns}
          rows={cart.lignes}
          rowKey={(line) => line.id}
          caption={CART_LABELS.caption}
          cardsOnPhone
        />
        <Group align="flex-start" justify="space-between" wrap="wrap" gap="lg">
          {/* A visitor's placeholder keeps the totals right on a desk; on a phone, where they span the
              width, it is hidden so that it does not take a row of its own. */}
          {account ? <TagProducts tags={lineTags} /> : <span className="mantine-visible-from-sm" />}
          <Paper
            withBorder
            radius="md"
            p="lg"
            miw={280}
            w={{ base: '100%', sm: 'auto' }}
            component="section"
            aria-label={CART_LABELS.totals}
          >
            <Stack gap="xs">
              <TotalRow label={CART_LABELS.totalHT} value={cart.totalHT} />
              <TotalRow label={CART_LABELS.totalTVA} value={cart.totalTVA} />
              <TotalRow label={CART_LABELS.totalTTC} value={cart.totalTTC} strong />
              <Button component={Link} to={paths.shop.checkout.getHref()} mt="sm">
                {CART_LABELS.order}
              </Button>
            </Stack>
          </Paper>
        </Group>
        {account ? <EncoursSummary /> : null}
      </Stack>
    </>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 500}>{formatEuros(value)}</Text>
    </Group>
  );
}

/**
 * The quantity, sent when the field is left or Enter is pressed (not at each keystroke), read by the
 * shared parser ('2.5' and '2,5' are 2,5; a text that does not read is said under the field and sent
 * nowhere), as the article's rule takes it: raised to what the article is sold by (and said so under
 * the field), or refused with the rule's reason (a toast; the cart's quantity comes back).
 */
function QuantityInput({ line }: { line: CartLine }) {
  const update = useUpdateCartLine();
  // What the customer is typing; null shows the cart's quantity.
  const [draft, setDraft] = useState<DecimalReading | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    if (draft.value === line.quantite) return setDraft(null);
    if (draft.value === null) {
      showErrorToast(draft.error ?? CART_LABELS.invalidQuantity);
      return;
    }
    const checked = checkQuantity(draft.value, line.vente, line.unite, true);
    if (!checked.ok) {
      setDraft(null);
      setNotice(null);
      showErrorToast(checked.message);
      return;
    }
    setNotice(checked.message);
    update.mutate(
      { id: line.id, quantite: checked.quantity },
      {
        onError: (error) => showErrorToast(errorMessage(error)),
        onSettled: () => setDraft(null),
      },
    );
  };
  return (
    <DecimalInput
      aria-label={CART_LABELS.quantityLabel(line.designation)}
      value={draft?.text ?? line.quantite}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      rules={CART_QUANTITY_RULES}
      messages={CART_QUANTITY_MESSAGES}
      size="xs"
      w={110}
      disabled={update.isPending}
      title={formatQuantity(line.quantite)}
      description={notice}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

const CART_QUANTITY_RULES = { maxDecimals: 4, min: 0, minExclusive: true, max: CART_QUANTITY_MAX };
const CART_QUANTITY_MESSAGES = {
  empty: CART_LABELS.invalidQuantity,
  negative: CART_LABELS.invalidQuantity,
  min: CART_LABELS.invalidQuantity,
  max: CART_MESSAGES.quantityTooLarge,
};

/** A line cut to size: its quantity priced, and its pieces and dimensions, changed with 'Modifier la découpe'. */
function CutLineEditor({ line }: { line: CartLine }) {
  const update = useUpdateCartLine();
  const [draft, setDraft] = useState<CutDraft | null>(null);
  const cut = line.decoupe!;
  if (draft === null)
    return (
      <Stack gap={4}>
        <Text size="sm">{formatQuantity(line.quantite)}</Text>
        <Anchor component="button" type="button" size="xs" onClick={() => setDraft(cut)}>
          {CART_LABELS.editCut}
        </Anchor>
      </Stack>
    );
  return (
    <Stack gap={4}>
      <CutToSizeFields
        dimensions={DIMENSIONS.filter((d) => cut.dimensions[d] !== undefined)}
        value={draft}
        onChange={setDraft}
        size="xs"
        labelSuffix={` – ${line.designation}`}
      />
      <Group gap="xs">
        <Button
          size="compact-xs"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: line.id, decoupe: toDecoupe(draft) },
              { onSuccess: () => setDraft(null), onError: (error) => showErrorToast(errorMessage(error)) },
            )
          }
        >
          {CART_LABELS.applyCut}
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => setDraft(null)}>
          {CART_LABELS.cancelCut}
        </Button>
      </Group>
    </Stack>
  );
}

function RemoveButton({ line }: { line: CartLine }) {
  const remove = useRemoveCartLine();
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={CART_LABELS.remove(line.designation)}
      loading={remove.isPending}
      onClick={() => remove.mutate(line.id, { onError: (error) => showErrorToast(errorMessage(error)) })}
    >
      <TrashIcon />
    </ActionIcon>
  );
}

/** The collapsible list of the cart's products per chantier (GET /tag/chantier/details-panier/{tag}). */
function TagProducts({ tags }: { tags: readonly string[] }) {
  const [opened, setOpened] = useState<string[]>([]);
  return (
    <section aria-labelledby="cart-tag-products" style={{ flex: '1 1 320px' }}>
      <Title order={2} fz="h4" mb="sm" id="cart-tag-products">
        {CART_LABELS.byTag}
      </Title>
      {tags.length === 0 ? (
        <Text c="dimmed" size="sm">
          {CART_LABELS.noTag}
        </Text>
      ) : (
        <Accordion multiple value={opened} onChange={setOpened} variant="contained">
          {tags.map((tag) => (
            // Mantine builds element ids from the value: encoded, it has no space (valid ARIA id refs).
            <Accordion.Item key={tag} value={encodeURIComponent(tag)}>
              <Accordion.Control>{tag}</Accordion.Control>
              <Accordion.Panel>
                <TagProductList tag={tag} enabled={opened.includes(encodeURIComponent(tag))} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </section>
  );
}

function TagProductList({ tag, enabled }: { tag: string; enabled: boolean }) {
  const products = useTaggedProducts(tag, enabled);
  // A failure is only logged (docs/contract/errors.md): the list stays empty.
  useEffect(() => {
    if (products.isError) console.error('Produits du chantier non chargés', products.error);
  }, [products.isError, products.error]);
  if (!products.data) return null;
  return (
    <Stack component="ul" gap={4} m={0} pl="md">
      {products.data.map((product, index) => (
        <li key={`${product.lien}-${index}`}>
          <Anchor component={Link} to={product.lien}>
            {product.libelle}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}
