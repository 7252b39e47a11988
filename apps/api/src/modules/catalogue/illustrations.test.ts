import { drawIllustration, illustrationKind, type IllustrationSubject } from './illustrations';

const subject = (designation: string, familyLabel = 'Divers', unit = 'U'): IllustrationSubject => ({
  code: 'A1',
  designation,
  familyCode: 'F01',
  familyLabel,
  unit,
});

describe('the drawn pictures of the articles', () => {
  it.each([
    ['Ciment gris CEM II 35 kg', 'Ciments', 'SAC', 'sack'],
    ['Plaque de plâtre BA13 2,50 m', 'Plaques de plâtre', 'PLQ', 'board'],
    ['Vis à bois tête fraisée 4x40', 'Visserie', 'BTE', 'screws'],
    ['Tube PVC évacuation Ø100', 'Évacuation', 'BAR', 'pipe'],
    ['Carrelage grès cérame 60x60', 'Sols', 'M2', 'tiles'],
    ['Marteau de coffreur 600 g', 'Outillage à main', 'U', 'tool'],
    ['Perceuse-visseuse sans fil 18 V', 'Outillage électroportatif', 'U', 'tool'],
    ['Peinture acrylique blanc mat 10 L', 'Peintures', 'POT', 'bucket'],
    ['Parpaing creux 20x20x50', 'Blocs béton', 'U', 'blocks'],
    ['Laine de verre 100 mm', 'Isolants', 'RLX', 'roll'],
    ['Chevron sapin 63x75', 'Bois de charpente', 'ML', 'lumber'],
    ['Câble R2V 3G2,5', 'Électricité', 'M', 'cable'],
    ['Sable 0/4 lavé', 'Granulats', 'T', 'heap'],
    ['Bloc-porte isoplane 83 cm', 'Portes intérieures', 'U', 'door'],
    ['Article sans indice', 'Divers', 'U', 'parcel'],
  ])('draws %s (%s, sold by %s) as a %s', (designation, family, unit, kind) => {
    expect(illustrationKind({ designation, familyLabel: family, unit })).toBe(kind);
  });

  it('falls back on the family, then on the sale unit', () => {
    expect(illustrationKind({ designation: 'Réf. 1234', familyLabel: 'Mortiers', unit: 'U' })).toBe('sack');
    expect(illustrationKind({ designation: 'Réf. 1234', familyLabel: 'Divers', unit: 'PLQ' })).toBe('board');
  });

  it('is the same picture for the same article, another for another family, and escapes its name', () => {
    const first = drawIllustration(subject('Vis "spéciales" <inox>'));
    expect(drawIllustration(subject('Vis "spéciales" <inox>'))).toBe(first);
    expect(first).toContain('aria-label="Vis &#34;spéciales&#34; &#60;inox&#62;"');
    expect(drawIllustration({ ...subject('Vis "spéciales" <inox>'), familyCode: 'F02' })).not.toBe(first);
  });
});
