// The editor of a selection model, in a dialog: the required name, the sales-plan tree (families toggle;
// 'Afficher les articles' adds the families' articles and a search box), 'VOTRE SELECTION' with remove
// icons, 'Suppression du modèle' (existing only; asks 'Supprimer le modèle « … » ?' first), Annuler, Ok.
// It closes after save, delete or cancel.
import { useState } from 'react';
import { Button, Checkbox, Group, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  missingCharactersTip,
  SEARCH_DEBOUNCE_MS,
  searchQueryOf,
  ARTICLE_MESSAGES,
} from '@comptoir/shared/groupings';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import {
  SELECTION_MODEL_MESSAGES,
  type SelectionItem,
  type SelectionModel,
} from '@comptoir/shared/selection-models';
import { ApiError } from '../../../../lib/api';
import { useArticles } from '../../../../lib/resources/sales-plan';
import { AppModal } from '../../../../components/ui/app-modal';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { SalesPlanTree } from '../../../../components/ui/sales-plan-tree';
import { SelectionList } from '../../../../components/ui/selection-list';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { useDeleteSelectionModel, useSaveSelectionModel } from '../api/selection-models';
import { MODEL_LABELS as L } from '../labels';

const toggled = (items: SelectionItem[], item: SelectionItem) =>
  items.some((i) => i.code === item.code) ? items.filter((i) => i.code !== item.code) : [...items, item];

export function SelectionModelEditor({
  model,
  onClose,
}: {
  model: SelectionModel | null;
  onClose: () => void;
}) {
  const save = useSaveSelectionModel();
  const remove = useDeleteSelectionModel();
  const [name, setName] = useState(model?.nom ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [families, setFamilies] = useState<SelectionItem[]>(model?.selection.famille ?? []);
  const [articles, setArticles] = useState<SelectionItem[]>(model?.selection.article ?? []);
  const [showArticles, setShowArticles] = useState(false);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const query = searchQueryOf(debounced);
  const found = useArticles(
    { queryString: query ?? undefined, filterArticlesFields: true, page: 0 },
    showArticles && query !== null,
  );
  const tip = text.trim().length > 0 ? missingCharactersTip(text) : null;

  const toggleArticle = (code: string, libelle: string) =>
    setArticles((current) => toggled(current, { code, libelle, type: 'article' }));
  const failed = (error: unknown) =>
    showErrorToast(
      error instanceof ApiError && error.status >= 400 && error.status < 500
        ? error.message
        : ERROR_TOASTS.selectionModeles,
    );

  function submit() {
    if (!name.trim()) {
      setNameError(SELECTION_MODEL_MESSAGES.nameRequired);
      return;
    }
    save.mutate(
      { id: model?.id ?? null, nom: name, selection: { famille: families, article: articles } },
      {
        onSuccess: () => {
          showSuccessToast(L.saved);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.message === SELECTION_MODEL_MESSAGES.nameRequired)
            setNameError(error.message);
          failed(error);
        },
      },
    );
  }

  /** Deletes the model once the administrator confirmed it, as every other delete asks. */
  function confirmDelete() {
    if (!model) return;
    remove.mutate(model.id, {
      onSuccess: (answer) => {
        showSuccessToast(answer.message);
        setConfirming(false);
        onClose();
      },
      onError: (error) => {
        setConfirming(false);
        failed(error);
      },
    });
  }

  const selection = [...families, ...articles];
  return (
    <AppModal kind="picker" title={L.editorTitle} opened onClose={onClose}>
      <Stack gap="md">
        <TextInput
          label={L.name}
          required
          value={name}
          error={nameError}
          maxLength={200}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
        />
        <Checkbox
          label={L.showArticles}
          checked={showArticles}
          onChange={(e) => setShowArticles(e.currentTarget.checked)}
        />
        {showArticles ? (
          <TextInput
            label={L.search}
            placeholder="recherche"
            value={text}
            description={tip ?? undefined}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="xs">
            {showArticles && query !== null ? (
              found.data?.list.length === 0 ? (
                <Text size="sm">{ARTICLE_MESSAGES.noResult}</Text>
              ) : (
                (found.data?.list ?? []).map((row) => (
                  <Checkbox
                    key={row.codeArticle}
                    label={`${row.designation1} (${row.codeArticle})`}
                    checked={articles.some((a) => a.code === row.codeArticle)}
                    onChange={() => toggleArticle(row.codeArticle, row.designation1)}
                  />
                ))
              )
            ) : null}
            <ScrollArea.Autosize mah="45vh">
              <SalesPlanTree
                label={L.tree}
                isFamilySelected={(code) => families.some((f) => f.code === code)}
                onToggleFamily={(node) =>
                  setFamilies((current) =>
                    toggled(current, {
                      code: node.codeFamille,
                      libelle: node.libelleFamille,
                      type: 'famille',
                    }),
                  )
                }
                showArticles={showArticles}
                isArticleSelected={(row) => articles.some((a) => a.code === row.codeArticle)}
                onToggleArticle={(row) => toggleArticle(row.codeArticle, row.designation1)}
              />
            </ScrollArea.Autosize>
          </Stack>
          <SelectionList
            items={selection.map((item) => ({
              key: `${item.type}:${item.code}`,
              label: item.type === 'famille' ? L.family(item.libelle) : `${item.libelle} (${item.code})`,
            }))}
            onRemove={(key) => {
              setFamilies(families.filter((f) => `${f.type}:${f.code}` !== key));
              setArticles(articles.filter((a) => `${a.type}:${a.code}` !== key));
            }}
            emptyText={L.emptySelection}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {model ? (
            <Button color="red.8" variant="outline" onClick={() => setConfirming(true)} mr="auto">
              {L.delete}
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            {L.cancel}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {L.ok}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        title={L.deleteTitle}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
        confirmLabel={L.deleteConfirm}
        danger
        loading={remove.isPending}
      >
        {L.deleteQuestion(model?.nom ?? name)}
      </ConfirmModal>
    </AppModal>
  );
}
