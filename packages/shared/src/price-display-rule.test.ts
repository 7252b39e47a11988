import { seesTtcFirst, visitorsSeeTtcFirst } from './connection-settings-texts';

describe('visitorsSeeTtcFirst', () => {
  it('is true when the shop sells to private customers', () => {
    expect(visitorsSeeTtcFirst('1', null)).toBe(true);
    expect(visitorsSeeTtcFirst('0', { isProfessional: false })).toBe(true);
    expect(visitorsSeeTtcFirst('1', { isProfessional: true })).toBe(true);
  });

  it('is false for a shop of professionals', () => {
    expect(visitorsSeeTtcFirst('0', null)).toBe(false);
    expect(visitorsSeeTtcFirst('0', { isProfessional: true })).toBe(false);
  });
});

describe('seesTtcFirst', () => {
  it('follows the account when there is one, else what visitors see', () => {
    expect(seesTtcFirst({ particulier: true }, { affichageTTC: '0' })).toBe(true);
    expect(seesTtcFirst({}, { affichageTTC: '1' })).toBe(false); // a professional or an administrator
    expect(seesTtcFirst(null, { affichageTTC: '1' })).toBe(true);
    expect(seesTtcFirst(null, { affichageTTC: '0' })).toBe(false);
    expect(seesTtcFirst(undefined, undefined)).toBe(false); // not known yet: excl. tax first
  });
});
