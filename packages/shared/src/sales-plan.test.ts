import { SALES_PLAN_MESSAGES, salesPlanCodeParams, salesPlanFamilyList } from './sales-plan';

describe('salesPlanCodeParams', () => {
  it('trims the family code', () => {
    expect(salesPlanCodeParams.parse({ code: ' 01.02 ' })).toEqual({ code: '01.02' });
  });

  it('refuses an empty code and one longer than 50 characters', () => {
    expect(salesPlanCodeParams.safeParse({ code: '   ' }).success).toBe(false);
    expect(salesPlanCodeParams.safeParse({ code: 'x'.repeat(50) }).success).toBe(true);
    expect(salesPlanCodeParams.safeParse({ code: 'x'.repeat(51) }).success).toBe(false);
  });
});

describe('salesPlanFamilyList', () => {
  it('reads a root (niveau 1, no parent) and its sub-families', () => {
    const families = [
      { codeFamille: '01', libelleFamille: 'Gros œuvre', nbArt: 12, niveau: 1, codeParent: null },
      { codeFamille: '01.02', libelleFamille: 'Ciments', nbArt: 5, niveau: 2, codeParent: '01' },
    ];
    expect(salesPlanFamilyList.parse(families)).toEqual(families);
    expect(salesPlanFamilyList.safeParse([{ ...families[0], nbArt: 1.5 }]).success).toBe(false);
  });
});

describe('SALES_PLAN_MESSAGES', () => {
  it('answers an unknown family in French', () => {
    expect(SALES_PLAN_MESSAGES.notFound).toBe('Famille introuvable');
  });
});
