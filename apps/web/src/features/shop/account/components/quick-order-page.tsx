// The quick order (/compte/commande-rapide): lines 'code quantity' typed, pasted or read from a CSV
// file ('code.declinaison' for a declinaison, 'code pieces dimensions' for an article cut to size), read
// by the shared parser, checked by the server (designation, price, stock, the quantity a cut prices;
// unknown codes in red, what keeps a line from the cart in its state), then all added to the cart at once.
import { useState, type FormEvent } from 'react';
import { Link } from '../../../../lib/router';
import { Alert, Box, Button, FileInput, Group, List, Stack, Table, Text, Textarea } from '@mantine/core';
import { parseQuickOrder, type ParsedQuickOrder, type QuickOrderLine } from '@comptoir/shared/account';
import { formatQuantity, formatUnitPrice } from '@comptoir/shared/format';
import { unitQuantity } from '@comptoir/shared/unit-plural';
import { paths } from '../../../../config/paths';
import { FailureAlert } from '../../../../components/ui/failure-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { StockBadge } from '../../../../components/ui/stock-badge';
import { useAddQuickOrder, useResolveQuickOrder } from '../api/account-actions';
import { ACCOUNT_LABELS, QUICK_ORDER_LABELS as L } from '../labels';
import { AccountNav } from './account-nav';

export function QuickOrderPage() {
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<ParsedQuickOrder | null>(null);
  const [checked, setChecked] = useState<QuickOrderLine[]>([]);
  const resolve = useResolveQuickOrder();
  const addAll = useAddQuickOrder();

  function verify(value: string) {
    const result = parseQuickOrder(value);
    setParsed(result);
    setChecked(result.lignes);
    addAll.reset();
    if (result.lignes.length > 0) resolve.mutate({ lignes: result.lignes });
    else resolve.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    verify(text);
  }

  async function readFile(file: File | null) {
    if (!file) return;
    const content = await file.text();
    setText(content);
    verify(content);
  }

  const lines = resolve.data?.lignes ?? [];
  return (
    <>
      <PageHeader title={ACCOUNT_LABELS.title} />
      <AccountNav />
      <Text component="h2" fw={700} fz="h3" mb="xs">
        {L.title}
      </Text>
      <Text mb="xs">{L.intro}</Text>
      <Text mb="md" size="sm" c="dimmed">
        {L.introVariants}
      </Text>
      <form onSubmit={submit} aria-label={L.title}>
        <Stack gap="sm" maw={640}>
          <Textarea
            label={L.lines}
            name="lignes"
            rows={6}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <FileInput
            label={L.file}
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(file) => void readFile(file)}
            clearable
          />
          <Group>
            <Button type="submit" loading={resolve.isPending}>
              {L.check}
            </Button>
          </Group>
        </Stack>
      </form>
      {parsed && parsed.lignes.length === 0 && parsed.erreurs.length === 0 ? (
        <Text mt="md">{L.nothing}</Text>
      ) : null}
      {parsed && parsed.erreurs.length > 0 ? (
        <Alert color="orange" variant="light" mt="md" role="status">
          <List size="sm">
            {parsed.erreurs.map((error) => (
              <List.Item key={error.ligne}>{L.unreadable(error.ligne, error.raison)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {resolve.isError ? <FailureAlert error={resolve.error} /> : null}
      {lines.length > 0 ? (
        <Stack gap="sm" mt="md">
          {/* Focusable, so that a keyboard can scroll it sideways on a phone. */}
          <Box role="region" aria-label={L.caption} tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table miw={560}>
              <Table.Caption>{L.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{L.code}</Table.Th>
                  <Table.Th>{L.designation}</Table.Th>
                  <Table.Th ta="right">{L.quantity}</Table.Th>
                  <Table.Th ta="right">{L.price}</Table.Th>
                  <Table.Th>{L.stock}</Table.Th>
                  <Table.Th>{L.state}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => (
                  <Table.Tr key={index} data-found={line.trouve}>
                    <Table.Td>
                      <Text size="sm" c={line.trouve ? undefined : 'red.9'} fw={line.trouve ? 400 : 700}>
                        {line.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {line.designation ?? ''}
                      {line.decoupe ? (
                        <Text size="xs" c="dimmed">
                          {line.decoupe.libelle}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">
                      {line.uniteTarif
                        ? unitQuantity(line.quantite, line.uniteTarif)
                        : formatQuantity(line.quantite)}
                    </Table.Td>
                    <Table.Td ta="right">
                      {line.prixHT === undefined ? '' : formatUnitPrice(line.prixHT)}
                    </Table.Td>
                    <Table.Td>
                      {line.infoStock ? (
                        <StockBadge
                          stock={line.infoStock}
                          mode={resolve.data!.affichageStock}
                          unit={line.uniteStock ?? ''}
                        />
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {/* 'Prêt' in the text's colour: Mantine's darkest green reads 4.4:1 on white, under AA. */}
                      <Text size="sm" c={line.probleme ? 'red.9' : undefined}>
                        {line.probleme ?? L.ok}
                      </Text>
                      {/* A quantity raised to what the article is sold by, a delay: said, never silent. */}
                      {!line.probleme && line.avis ? (
                        <Text size="xs" fw={600}>
                          {line.avis}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Group>
            <Button
              loading={addAll.isPending}
              onClick={() => addAll.mutate({ lignes: checked })}
              disabled={addAll.isSuccess}
            >
              {L.addAll}
            </Button>
          </Group>
          {addAll.isError ? <FailureAlert error={addAll.error} /> : null}
          {addAll.isSuccess ? (
            <Alert color={addAll.data.refusees.length ? 'orange' : 'green'} variant="light" role="status">
              <Text size="sm">{addAll.data.message}</Text>
              <Button component={Link} to={paths.shop.cart.getHref()} size="xs" mt="xs" variant="light">
                {ACCOUNT_LABELS.goToCart}
              </Button>
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
