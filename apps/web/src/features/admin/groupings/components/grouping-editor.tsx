// The edit view of a grouping: title, canonical tag, type, 'Choix des articles' (the article picker,
// opened at once for a new grouping), then, once articles are chosen, the master radio and the attribute
// checkboxes (2 at most for type '0': a third is refused and '2 attributs maximum' is highlighted), each
// checked attribute with its designation and suffix (what the product page's dropdowns show). The
// server applies the same rules with the same words.
import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  articleKeyOf,
  ATTRIBUTE_DESIGNATION_MAX,
  ATTRIBUTE_SUFFIX_MAX,
  availableAttributes,
  canAddAttribute,
  DEFAULT_GROUPING_TYPE,
  GROUPING_MESSAGES,
  GROUPING_MIN_ARTICLES,
  GROUPING_TYPES,
  groupingAttributesRefusal,
  groupingTypeRefusal,
  type GroupingAttribute,
  type RegroupementDetail,
} from '@comptoir/shared/groupings';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { ApiError } from '../../../../lib/api';
import { ArticlePicker, type PickedArticle } from '../../../../components/ui/article-picker';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { PageHeader } from '../../../../components/ui/page-header';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { useFlash } from '../../../../components/ui/use-flash';
import { fetchArticleOptions, useDeleteGrouping, useSaveGrouping } from '../api/groupings';
import { GROUPING_LABELS as L } from '../labels';

const attributeKey = (a: Pick<GroupingAttribute, 'nature' | 'propriete'>) => `${a.nature}:${a.propriete}`;

export function GroupingEditor({
  grouping,
  onDone,
}: {
  grouping: RegroupementDetail | null;
  onDone: () => void;
}) {
  const save = useSaveGrouping();
  const remove = useDeleteGrouping();
  const [title, setTitle] = useState(grouping?.titre ?? '');
  const [canonicalTag, setCanonicalTag] = useState(grouping?.canonicalTag ?? '');
  const [articles, setArticles] = useState<PickedArticle[]>(grouping?.articles ?? []);
  const [master, setMaster] = useState<string | null>(grouping ? articleKeyOf(grouping.articleMaitre) : null);
  const [offered, setOffered] = useState<GroupingAttribute[]>(grouping?.availableAttributs ?? []);
  const [checked, setChecked] = useState<GroupingAttribute[]>(grouping?.attributs ?? []);
  const [pickerOpen, setPickerOpen] = useState(grouping === null);
  const [limitFlash, flashLimit] = useFlash();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [type, setType] = useState(grouping?.type ?? DEFAULT_GROUPING_TYPE);
  const typeOptions = [
    ...GROUPING_TYPES,
    // A type saved before (or by another tool) stays shown as it is.
    ...(GROUPING_TYPES.some((candidate) => candidate.value === type) ? [] : [{ value: type, label: type }]),
  ];

  // Choosing type '0' with more than 2 attributes checked is refused like a third checkbox.
  function changeType(next: string) {
    if (groupingTypeRefusal(next, checked.length)) {
      flashLimit();
      return;
    }
    setType(next);
  }

  // A blank designation is the offered one (the server fills it in the same way).
  const withDefaults = (attributes: GroupingAttribute[]) =>
    attributes.map((attribute) => ({
      ...attribute,
      designation:
        attribute.designation.trim() ||
        offered.find((o) => attributeKey(o) === attributeKey(attribute))?.designation ||
        attribute.propriete,
    }));

  function editAttribute(attribute: GroupingAttribute, change: Partial<GroupingAttribute>) {
    setChecked(checked.map((a) => (attributeKey(a) === attributeKey(attribute) ? { ...a, ...change } : a)));
  }

  // Confirming the picker: fewer than 2 articles is refused (toast, the picker flashes and stays open).
  function confirmArticles(selection: PickedArticle[]): string | null {
    if (selection.length < GROUPING_MIN_ARTICLES) {
      showErrorToast(GROUPING_MESSAGES.tooFewArticles);
      return GROUPING_MESSAGES.tooFewArticles;
    }
    setArticles(selection);
    const keys = selection.map(articleKeyOf);
    const nextMaster = master && keys.includes(master) ? master : keys[0]!;
    setMaster(nextMaster);
    if (!title.trim()) setTitle(selection.find((a) => articleKeyOf(a) === nextMaster)?.designation1 ?? '');
    setPickerOpen(false);
    fetchArticleOptions(keys).then(
      (options) => {
        const next = availableAttributes(options);
        setOffered(next);
        setChecked((current) => current.filter((a) => next.some((o) => attributeKey(o) === attributeKey(a))));
      },
      () => showErrorToast(ERROR_TOASTS.articleData),
    );
    return null;
  }

  function toggleAttribute(attribute: GroupingAttribute, on: boolean) {
    if (!on) {
      setChecked(checked.filter((a) => attributeKey(a) !== attributeKey(attribute)));
      return;
    }
    if (!canAddAttribute(type, checked.length)) {
      flashLimit();
      return;
    }
    setChecked([...checked, attribute]);
  }

  function submit() {
    if (articles.length < GROUPING_MIN_ARTICLES || !master) {
      showErrorToast(GROUPING_MESSAGES.tooFewArticles);
      return;
    }
    const attributes = withDefaults(checked);
    const refusal = groupingAttributesRefusal(type, attributes);
    if (refusal) {
      showErrorToast(refusal);
      return;
    }
    const chosenMaster = articles.find((a) => articleKeyOf(a) === master)!;
    save.mutate(
      {
        id: grouping?.id ?? null,
        type,
        titre: title,
        canonicalTag,
        libelle: grouping?.libelle ?? null,
        articleMaitre: {
          codeArticle: chosenMaster.codeArticle,
          codeDeclinaison: chosenMaster.codeDeclinaison,
        },
        articles: articles.map(({ codeArticle, codeDeclinaison }) => ({ codeArticle, codeDeclinaison })),
        attributs: attributes,
      },
      {
        onSuccess: () => {
          showSuccessToast(GROUPING_MESSAGES.saved);
          onDone();
        },
        // The server's refusals (4xx) say why in French; anything else is the contract's toast.
        onError: (error) =>
          showErrorToast(
            error instanceof ApiError && error.status >= 400 && error.status < 500
              ? error.message
              : ERROR_TOASTS.saveRegroupement,
          ),
      },
    );
  }

  function confirmRemove() {
    if (!grouping) return;
    remove.mutate(grouping.id, {
      onSuccess: () => {
        showSuccessToast(GROUPING_MESSAGES.deleted);
        onDone();
      },
      onError: () => {
        showErrorToast(ERROR_TOASTS.saveRegroupement);
        setConfirmDelete(false);
      },
    });
  }

  return (
    <Stack gap="md">
      <PageHeader title={grouping ? L.editTitle(grouping.titre) : L.newTitle} />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={L.title}
          description={L.titleHint}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={200}
          w={{ base: '100%', sm: 420 }}
        />
        <TextInput
          label={L.canonicalTag}
          value={canonicalTag}
          onChange={(event) => setCanonicalTag(event.currentTarget.value)}
          maxLength={300}
          w={{ base: '100%', sm: 300 }}
        />
        <NativeSelect
          label={L.type}
          value={type}
          onChange={(event) => changeType(event.currentTarget.value)}
          data={typeOptions.map((option) => ({ value: option.value, label: option.label }))}
          w={{ base: '100%', sm: 280 }}
        />
        <Button variant="light" onClick={() => setPickerOpen(true)}>
          {L.chooseArticles}
        </Button>
      </Group>

      {articles.length > 0 ? (
        <>
          <Radio.Group label={L.master} value={master} onChange={setMaster}>
            <Stack gap={6} mt="xs">
              {articles.map((article) => (
                <Radio
                  key={articleKeyOf(article)}
                  value={articleKeyOf(article)}
                  label={`${article.designation1} — ${articleKeyOf(article)}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Stack gap={6} role="group" aria-labelledby="grouping-attributes">
            <Title order={2} fz="md" id="grouping-attributes">
              {L.attributes}
            </Title>
            {/* Shown for type '0', and while a refused switch to it flashes. */}
            {type === DEFAULT_GROUPING_TYPE || limitFlash ? (
              <Text
                size="sm"
                fw={limitFlash ? 700 : 400}
                c={limitFlash ? 'red.8' : 'dimmed'}
                data-flash={limitFlash || undefined}
                role={limitFlash ? 'alert' : undefined}
              >
                {GROUPING_MESSAGES.tooManyAttributes}
              </Text>
            ) : null}
            {offered.length === 0 ? (
              <Text size="sm" c="dimmed">
                {L.noAttribute}
              </Text>
            ) : (
              offered.map((attribute) => {
                const current = checked.find((a) => attributeKey(a) === attributeKey(attribute));
                return (
                  <Stack key={attributeKey(attribute)} gap={4}>
                    <Checkbox
                      label={`${attribute.designation} (${L.natureLabels[attribute.nature]})`}
                      checked={current !== undefined}
                      onChange={(event) => toggleAttribute(attribute, event.currentTarget.checked)}
                    />
                    {current ? (
                      <Group
                        role="group"
                        aria-label={L.attributeTexts(attribute.designation)}
                        gap="sm"
                        pl={{ base: 0, sm: 32 }}
                        wrap="wrap"
                      >
                        <TextInput
                          label={L.designation}
                          description={L.designationHint}
                          placeholder={attribute.designation}
                          value={current.designation}
                          onChange={(event) =>
                            editAttribute(attribute, { designation: event.currentTarget.value })
                          }
                          maxLength={ATTRIBUTE_DESIGNATION_MAX}
                          w={{ base: '100%', sm: 260 }}
                        />
                        <TextInput
                          label={L.suffix}
                          description={L.suffixHint}
                          value={current.suffixe}
                          onChange={(event) =>
                            editAttribute(attribute, { suffixe: event.currentTarget.value })
                          }
                          maxLength={ATTRIBUTE_SUFFIX_MAX}
                          w={{ base: '100%', sm: 180 }}
                        />
                        <Text size="sm" c="dimmed">
                          {L.nature(attribute.nature, L.natureLabels[attribute.nature])}
                        </Text>
                      </Group>
                    ) : null}
                  </Stack>
                );
              })
            )}
          </Stack>
        </>
      ) : null}

      <Group gap="sm">
        <Button variant="default" onClick={onDone}>
          {L.back}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {L.save}
        </Button>
        {grouping ? (
          <Button color="red.8" variant="outline" onClick={() => setConfirmDelete(true)}>
            {L.remove}
          </Button>
        ) : null}
      </Group>

      <ArticlePicker
        opened={pickerOpen}
        groupingId={grouping?.id ?? null}
        initial={articles}
        onConfirm={confirmArticles}
        onClose={() => setPickerOpen(false)}
      />
      <ConfirmModal
        title={L.deleteTitle}
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onConfirm={confirmRemove}
        confirmLabel={L.remove}
        danger
        loading={remove.isPending}
      >
        {grouping ? L.deleteQuestion(grouping.titre) : ''}
      </ConfirmModal>
    </Stack>
  );
}
