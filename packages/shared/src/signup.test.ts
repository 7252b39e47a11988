import { luhnValid, passwordProblem, SIGNUP_MESSAGES, signupBody, siretValid } from './signup';

describe('siretValid', () => {
  it('accepts 14 digits whose Luhn key is right, spaces allowed', () => {
    expect(siretValid('73282932000074')).toBe(true);
    expect(siretValid('732 829 320 00074')).toBe(true);
  });
  it('refuses a wrong key', () => {
    expect(siretValid('73282932000075')).toBe(false);
  });
  it('refuses anything but 14 digits', () => {
    expect(siretValid('7328293200007')).toBe(false);
    expect(siretValid('732829320000740')).toBe(false);
    expect(siretValid('7328293200007A')).toBe(false);
    expect(siretValid('')).toBe(false);
  });
  it("applies La Poste's digit-sum rule to its establishments", () => {
    expect(siretValid('35600000000048')).toBe(true); // the head office keeps the Luhn key
    expect(siretValid('35600000012346')).toBe(true); // digit sum 30
    expect(siretValid('35600000012345')).toBe(false);
  });
});

describe('luhnValid', () => {
  it('checks the last digit as the key', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('12a')).toBe(false);
  });
});

describe('passwordProblem', () => {
  it('wants 10 characters at least', () => {
    expect(passwordProblem('court', 'a@b.fr')).toBe(SIGNUP_MESSAGES.passwordTooShort);
    expect(passwordProblem('assez long !', 'a@b.fr')).toBeNull();
  });
  it('refuses the login, or a password that contains it, whatever the case', () => {
    expect(passwordProblem('Marie.Durand@exemple.fr', 'marie.durand@exemple.fr')).toBe(
      SIGNUP_MESSAGES.passwordContainsLogin,
    );
    expect(passwordProblem('xxMARIE.DURAND2024', 'marie.durand@exemple.fr')).toBe(
      SIGNUP_MESSAGES.passwordContainsLogin,
    );
  });
  it('allows a short local part to appear by chance', () => {
    expect(passwordProblem('le bon jo mot de passe', 'jo@exemple.fr')).toBeNull();
  });
});

describe('signupBody', () => {
  const address = { ligne1: '3 rue des Lilas', codePostal: '69003', ville: 'Lyon' };
  const pro = {
    type: 'professionnel',
    email: ' Contact@Maconnerie-Durand.fr ',
    motDePasse: 'un mot de passe solide',
    nom: 'Paul Durand',
    raisonSociale: 'Maçonnerie Durand',
    siret: '73282932000074',
    adresse: address,
  };
  it('lower-cases and trims the e-mail', () => {
    expect(signupBody.parse(pro).email).toBe('contact@maconnerie-durand.fr');
  });
  it('wants a company name and a valid SIRET from a professional', () => {
    const messages = (value: unknown) =>
      signupBody.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...pro, raisonSociale: '' })).toEqual([SIGNUP_MESSAGES.companyRequired]);
    expect(messages({ ...pro, siret: undefined })).toEqual([SIGNUP_MESSAGES.siretRequired]);
    expect(messages({ ...pro, siret: '73282932000075' })).toEqual([SIGNUP_MESSAGES.siretInvalid]);
  });
  it('asks neither from an individual', () => {
    const individual = { ...pro, type: 'particulier', raisonSociale: undefined, siret: undefined };
    expect(signupBody.safeParse(individual).success).toBe(true);
  });
  it('checks the password against the e-mail', () => {
    const result = signupBody.safeParse({ ...pro, motDePasse: 'contact@maconnerie-durand.fr' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['motDePasse'],
      message: SIGNUP_MESSAGES.passwordContainsLogin,
    });
  });
  it('wants a French postal code', () => {
    const result = signupBody.safeParse({ ...pro, adresse: { ...address, codePostal: '6900' } });
    expect(result.error?.issues[0]?.message).toBe(SIGNUP_MESSAGES.postalCodeInvalid);
    for (const refused of ['69 0071', 'AB 007', '690-07', ''])
      expect(
        signupBody.safeParse({ ...pro, adresse: { ...address, codePostal: refused } }).error?.issues[0]
          ?.message,
      ).toBe(SIGNUP_MESSAGES.postalCodeInvalid);
  });
  it('removes the spaces typed inside a postal code first', () => {
    for (const typed of ['69 007', ' 69007 ', '69\u00a0007', '6 9 0 0 7'])
      expect(
        signupBody.parse({ ...pro, adresse: { ...address, codePostal: typed } }).adresse.codePostal,
      ).toBe('69007');
  });
  it('says a name, an address or a city is too long, not that it is missing', () => {
    const first = (value: unknown) => signupBody.safeParse(value).error?.issues[0]?.message;
    expect(first({ ...pro, nom: 'a'.repeat(300) })).toBe('Le nom ne peut dépasser 100 caractères');
    expect(first({ ...pro, nom: '  ' })).toBe(SIGNUP_MESSAGES.nameRequired);
    expect(first({ ...pro, adresse: { ...address, ligne1: 'a'.repeat(101) } })).toBe(
      SIGNUP_MESSAGES.line1TooLong,
    );
    expect(first({ ...pro, adresse: { ...address, ligne2: 'a'.repeat(101) } })).toBe(
      SIGNUP_MESSAGES.line2TooLong,
    );
    expect(first({ ...pro, adresse: { ...address, ville: 'a'.repeat(61) } })).toBe(
      SIGNUP_MESSAGES.cityTooLong,
    );
    expect(first({ ...pro, raisonSociale: 'a'.repeat(101) })).toBe(SIGNUP_MESSAGES.companyTooLong);
  });
});
