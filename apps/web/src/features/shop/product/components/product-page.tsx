// The product page (/article/:code): breadcrumb, designation, image, prices HT and TTC, units, stock,
// the variant dropdowns (variants of the article, articles of its grouping), the order box,
// the description and the characteristics (measures and free attributes).
import { useState } from 'react';
import { Alert, Grid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Declinaison, FicheArticle } from '@comptoir/shared/catalogue';
import { CATALOGUE_MESSAGES } from '@comptoir/shared/catalogue-page-texts';
import { PRICES_HIDDEN_TEXT } from '@comptoir/shared/connection-settings-texts';
import { formatQuantity, formatVatRate } from '@comptoir/shared/format';
import { ApiError, errorMessage } from '../../../../lib/api';
import { AlertIcon } from '../../../../components/ui/icons';
import { ArticlePicture } from '../../../../components/ui/article-picture';
import { Breadcrumb } from '../../../../components/ui/breadcrumb';
import { PageHeader } from '../../../../components/ui/page-header';
import { ShopPrice } from '../../../../components/ui/shop-price';
import { useTtcFirst } from '../../../../lib/shop-access';
import { StockBadge } from '../../../../components/ui/stock-badge';
import { useProduct } from '../api/get-product';
import { PRODUCT_LABELS as L } from '../labels';
import { AddToCart } from './add-to-cart';
import { GroupingSelector, StockQueryLink, VariantSelector } from './variant-selector';

export function ProductPageView({ code }: { code: string }) {
  const query = useProduct(code);
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <Skeleton height={14} width={240} mb="md" />
        <Skeleton height={32} width={360} mb="lg" />
        <Skeleton height={280} radius="md" />
      </div>
    );
  }
  if (query.isError) {
    const { error } = query;
    if (error instanceof ApiError && error.status === 404)
      return <PageHeader title={CATALOGUE_MESSAGES.articleNotFound} />;
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        {errorMessage(error)}
      </Alert>
    );
  }
  // Keyed by article: navigating to a sibling starts from its first variant.
  return <Product key={query.data.codeArticle} product={query.data} />;
}

function Product({ product }: { product: FicheArticle }) {
  const [selected, setSelected] = useState<Declinaison | undefined>(product.declinaisons[0]);
  const ttcFirst = useTtcFirst();
  const characteristics = [
    ...product.mesures.map((m) => ({
      nom: m.libelle,
      valeur: `${formatQuantity(m.valeur)}${m.unite ? ` ${m.unite}` : ''}`,
    })),
    ...product.attributs,
  ];
  return (
    <>
      <Breadcrumb
        items={product.fil.map((f) => ({ label: f.libelle, href: f.lien }))}
        current={product.designation1}
      />
      <PageHeader title={product.designation1} subtitle={product.designation2 ?? undefined} />
      <Grid gap="xl">
        {product.image ? (
          // On a phone the picture comes after the order box: price, stock and the button fit the first screen.
          <Grid.Col span={{ base: 12, sm: 5 }} order={{ base: 2, sm: 1 }}>
            <ArticlePicture
              src={product.image}
              alt={product.designation1}
              width={560}
              sizes="(max-width: 48em) 100vw, 40vw"
              priority
              style={{
                width: '100%',
                height: 'auto',
                aspectRatio: '4 / 3',
                objectFit: 'cover',
                borderRadius: 8,
              }}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: product.image ? 7 : 12 }} order={{ base: 1, sm: 2 }}>
          <Stack gap="md">
            <Text c="dimmed">{L.reference(product.codeArticle)}</Text>
            <ProductPrice product={product} selected={selected} ttcFirst={ttcFirst} />
            <Text size="sm">{L.units(product.libUnitTarif, product.libUnitStock, product.libUnitPrepa)}</Text>
            {product.regroupement ? (
              <section aria-label={L.groupingVariants(product.regroupement.titre)}>
                <GroupingSelector regroupement={product.regroupement} current={product.codeArticle} />
              </section>
            ) : null}
            {selected ? (
              <section aria-label={L.variants}>
                <VariantSelector
                  variants={product.declinaisons}
                  selected={selected}
                  onSelect={setSelected}
                  showStock={product.affichageStock}
                  priceUnit={product.libUnitTarif}
                  stockUnit={product.libUnitStock}
                  preparationUnit={product.libUnitPrepa}
                  ttcFirst={ttcFirst}
                />
              </section>
            ) : (
              <div>
                <StockBadge stock={product.STOCK} mode={product.affichageStock} unit={product.libUnitStock} />
                <StockQueryLink url={product.INTERRO_STOCK} />
              </div>
            )}
            <AddToCart
              // A new article or declinaison starts its quantity afresh.
              key={`${product.codeArticle}.${selected?.HIDDEN_CODE_DECLINAISON ?? ''}`}
              codeArticle={product.codeArticle}
              codeDeclinaison={selected?.HIDDEN_CODE_DECLINAISON}
              sale={{
                vente: product.vente,
                unit: product.libUnitTarif,
                stock: selected?.STOCK ?? product.STOCK,
                stockUnit: product.libUnitStock,
              }}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {product.description ? (
        <section>
          <Title order={2} fz="h3" mt="xl" mb="sm">
            {L.description}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{product.description}</Text>
        </section>
      ) : null}
      {characteristics.length > 0 ? (
        <section>
          <Title order={2} fz="h3" mt="xl" mb="sm">
            {L.characteristics}
          </Title>
          <Table withTableBorder maw={560}>
            <Table.Tbody>
              {characteristics.map((c) => (
                <Table.Tr key={c.nom}>
                  <Table.Th scope="row" w="45%">
                    {c.nom}
                  </Table.Th>
                  <Table.Td>{c.valeur}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ) : null}
    </>
  );
}

/**
 * The price excluding and including VAT, the one the shopper expects first (ShopPrice), or a prompt to
 * log in when prices are hidden.
 */
function ProductPrice({
  product,
  selected,
  ttcFirst,
}: {
  product: FicheArticle;
  selected: Declinaison | undefined;
  ttcFirst: boolean;
}) {
  const price = selected ? selected.prixHT : product.prixHT;
  if (price === undefined) return <Text fw={700}>{PRICES_HIDDEN_TEXT}</Text>;
  return (
    <ShopPrice
      ht={price}
      ttc={selected ? selected.prixTTC : product.prixTTC}
      unit={product.libUnitTarif}
      ttcFirst={ttcFirst}
      size="xl"
      detail={L.vatRate(formatVatRate(product.tauxTVA))}
    />
  );
}
