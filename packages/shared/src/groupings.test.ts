import {
  articleKeyOf,
  availableAttributes,
  canAddAttribute,
  groupingAttributesRefusal,
  groupingTypeLabel,
  missingCharactersTip,
  regroupementBody,
  searchQueryOf,
} from './groupings';

describe('article search texts', () => {
  it('asks for the missing characters, plural beyond one', () => {
    expect(missingCharactersTip('')).toBe('Encore 2 caractères');
    expect(missingCharactersTip(' a ')).toBe('Encore 1 caractère');
    expect(missingCharactersTip('ab')).toBeNull();
  });

  it('sends the text trimmed and lower-cased, only from 2 characters', () => {
    expect(searchQueryOf('  Porte ')).toBe('porte');
    expect(searchQueryOf(' P ')).toBeNull();
  });
});

describe('availableAttributes', () => {
  it('offers each attribute once, measures first with their label and unit, never the technical ones', () => {
    expect(
      availableAttributes([
        {
          article: 'A',
          options: [
            { propriete: 'largeur', nature: 'ERP', valeur: '1 200', unite: 'mm' },
            { propriete: 'longueur', nature: 'ERP', valeur: '2 500', unite: 'mm' },
            { propriete: 'ZOOM', nature: 'OPT', valeur: 'z', unite: '' },
            { propriete: 'TYPE_BORD', nature: 'OPT', valeur: 'BA', unite: '' },
          ],
        },
        { article: 'B', options: [{ propriete: 'longueur', nature: 'ERP', valeur: '2 600', unite: 'mm' }] },
      ]),
    ).toEqual([
      { propriete: 'longueur', nature: 'ERP', affichage: 'SEL', designation: 'Longueur', suffixe: ' mm' },
      { propriete: 'largeur', nature: 'ERP', affichage: 'SEL', designation: 'Largeur', suffixe: ' mm' },
      { propriete: 'TYPE_BORD', nature: 'OPT', affichage: 'SEL', designation: 'Type bord', suffixe: '' },
    ]);
  });
});

describe('grouping rules', () => {
  it('allows 2 attributes at most on type 0 only', () => {
    expect(canAddAttribute('0', 1)).toBe(true);
    expect(canAddAttribute('0', 2)).toBe(false);
    expect(canAddAttribute('1', 5)).toBe(true);
  });

  it('refuses an unknown type, a third attribute on type 0 and two attributes with one designation', () => {
    const named = (...designations: string[]) => designations.map((designation) => ({ designation }));
    expect(groupingAttributesRefusal('0', named('Longueur', 'Largeur'))).toBeNull();
    expect(groupingAttributesRefusal('1', named('Longueur', 'Largeur', 'Couleur'))).toBeNull();
    expect(groupingAttributesRefusal('7', [])).toBe('Type de regroupement inconnu : 7');
    expect(groupingAttributesRefusal('0', named('Longueur', 'Largeur', 'Couleur'))).toBe(
      '2 attributs maximum',
    );
    expect(groupingAttributesRefusal('1', named('Longueur', ' longueur '))).toBe(
      'Deux attributs ne peuvent pas porter la même désignation : longueur',
    );
  });

  it('names the grouping types in French', () => {
    expect(groupingTypeLabel('0')).toBe('Variantes à 2 attributs maximum');
    expect(groupingTypeLabel('1')).toBe('Variantes à attributs multiples');
  });

  it('keys an article by code or code.declinaison', () => {
    expect(articleKeyOf({ codeArticle: 'A1', codeDeclinaison: null })).toBe('A1');
    expect(articleKeyOf({ codeArticle: 'A1', codeDeclinaison: 'V2' })).toBe('A1.V2');
  });

  it('reads a body with the defaults: type 0, nature OPT, display SEL, empty title', () => {
    expect(
      regroupementBody.parse({
        id: null,
        articleMaitre: { codeArticle: ' A1 ' },
        articles: [{ codeArticle: 'A1', codeDeclinaison: '' }, { codeArticle: 'A2' }],
        attributs: [{ propriete: 'COULEUR' }],
      }),
    ).toEqual({
      id: null,
      type: '0',
      articleMaitre: { codeArticle: 'A1', codeDeclinaison: null },
      titre: '',
      canonicalTag: null,
      libelle: null,
      articles: [
        { codeArticle: 'A1', codeDeclinaison: null },
        { codeArticle: 'A2', codeDeclinaison: null },
      ],
      attributs: [{ propriete: 'COULEUR', nature: 'OPT', affichage: 'SEL' }],
    });
  });
});
