import { SETTING_DEFAULTS, SETTING_KEYS, settingValues, type SettingKey } from './domain';

describe('settings', () => {
  const keys = Object.values(SETTING_KEYS) as SettingKey[];

  it('gives every setting a default its own schema accepts', () => {
    for (const key of keys)
      expect(settingValues[key].safeParse(SETTING_DEFAULTS[key]).success, key).toBe(true);
  });

  it('shows the order actions, offers no fee type and searches from 3 characters by default', () => {
    expect(SETTING_DEFAULTS[SETTING_KEYS.orderActions]).toBe('1');
    expect(SETTING_DEFAULTS[SETTING_KEYS.shippingFeeType]).toBeNull();
    expect(SETTING_DEFAULTS[SETTING_KEYS.searchTriggerLength]).toBe(3);
    expect(SETTING_DEFAULTS[SETTING_KEYS.stockDisplay]).toBe('all');
    expect(SETTING_DEFAULTS[SETTING_KEYS.menuLabelCase]).toBe('min');
  });

  it('accepts a search trigger length of 1 to 60 characters', () => {
    const triggerLength = settingValues[SETTING_KEYS.searchTriggerLength];
    expect([0, 1, 60, 61, 2.5].map((n) => triggerLength.safeParse(n).success)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('accepts only the known codes', () => {
    expect(settingValues[SETTING_KEYS.orderActions].safeParse('2').success).toBe(false);
    expect(settingValues[SETTING_KEYS.shippingFeeType].safeParse('volume').success).toBe(false);
    expect(settingValues[SETTING_KEYS.shippingFeeType].safeParse('poids').success).toBe(true);
    expect(settingValues[SETTING_KEYS.stockDisplay].safeParse('picto').success).toBe(true);
    expect(settingValues[SETTING_KEYS.menuLabelCase].safeParse('title').success).toBe(false);
  });
});
