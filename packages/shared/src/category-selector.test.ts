import { CATEGORY_SELECTOR_MAX_LEVELS, categorySelectorLink, chooseCategoryLevel } from './category-selector';

describe('chooseCategoryLevel', () => {
  it('appends a choice at the next level', () => {
    expect(chooseCategoryLevel([], 0, 'A')).toEqual(['A']);
    expect(chooseCategoryLevel(['A'], 1, 'A1')).toEqual(['A', 'A1']);
  });
  it('clears the deeper levels when a level changes', () => {
    expect(chooseCategoryLevel(['A', 'A1', 'A11'], 0, 'B')).toEqual(['B']);
    expect(chooseCategoryLevel(['A', 'A1', 'A11'], 1, 'A2')).toEqual(['A', 'A2']);
  });
  it('clears the level itself and the deeper ones when it is emptied', () => {
    expect(chooseCategoryLevel(['A', 'A1', 'A11'], 1, null)).toEqual(['A']);
    expect(chooseCategoryLevel(['A'], 0, null)).toEqual([]);
  });
  it('never goes deeper than the last level', () => {
    const full = ['1', '2', '3', '4', '5'];
    expect(chooseCategoryLevel(full, 7, 'X')).toEqual(['1', '2', '3', '4', 'X']);
    expect(chooseCategoryLevel(full, 7, 'X')).toHaveLength(CATEGORY_SELECTOR_MAX_LEVELS);
  });
});

describe('categorySelectorLink', () => {
  it('links to the deepest chosen category', () => {
    expect(categorySelectorLink(['A', 'A1'])).toBe('/catalogue/A1');
  });
  it("falls back to the parent's link once a level is cleared", () => {
    expect(categorySelectorLink(chooseCategoryLevel(['A', 'A1'], 1, null))).toBe('/catalogue/A');
  });
  it('is null while nothing is chosen', () => {
    expect(categorySelectorLink([])).toBeNull();
  });
});
