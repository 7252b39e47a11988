import { escapeLike, foldText } from './text';

describe('foldText', () => {
  it('removes accents and lower-cases', () => {
    expect(foldText('Façade ÉTÉ')).toBe('facade ete');
    expect(foldText('Béton prêt à l’emploi')).toBe('beton pret a l’emploi');
    expect(foldText('NOËL Naïf')).toBe('noel naif');
  });

  it('folds a composed and a decomposed accent alike', () => {
    expect(foldText('\u00e9')).toBe('e');
    expect(foldText('e\u0301')).toBe('e');
  });

  it('keeps everything else as it is', () => {
    expect(foldText('  Sac 35 kg - 50%  ')).toBe('  sac 35 kg - 50%  ');
    expect(foldText('')).toBe('');
  });
});

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('leaves a text without wildcards unchanged', () => {
    expect(escapeLike('Ciment gris 35 kg')).toBe('Ciment gris 35 kg');
  });
});
