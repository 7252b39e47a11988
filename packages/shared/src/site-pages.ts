// The storefront's legal pages and their back-office screen 'Pages du site' (docs/contract/legal-pages.md, Legal
// pages): one schema per request and answer, shared by the API, the web app and the tests.
import { z } from 'zod';
import { SITE_PAGES } from './site-pages-texts';

export * from './site-pages-texts';

/** Largest Markdown text of a page (about 60 printed pages). */
export const SITE_PAGE_MAX_LENGTH = 200_000;

export const SITE_PAGE_MESSAGES = {
  unknownPage: 'Page inconnue : cgv, mentions-legales ou contact',
  textRequired: 'Le texte de la page est obligatoire',
  textTooLong: 'Le texte de la page est trop long (200 000 caractères au plus)',
  nulCharacter: 'Le texte de la page ne doit pas contenir de caractère nul',
  saved: (title: string, version: number) => `Page « ${title} » enregistrée : version ${version}`,
  cgvRequired: 'Veuillez accepter les conditions générales de vente',
  cgvChanged:
    'Les conditions générales de vente ont changé depuis l’ouverture de la page : relisez-les et acceptez-les à nouveau',
} as const;

/** The checkbox of the checkout, before its link to the CGV. */
export const CGV_ACCEPT_LABEL = 'J’ai lu et j’accepte les';

/** '(version 3 du 12/05/26)': which CGV the shopper accepts, or has accepted. */
export const cgvVersionText = (version: number, date: string) => `version ${version} du ${date}`;

export const sitePageCode = z.enum(SITE_PAGES, SITE_PAGE_MESSAGES.unknownPage);

/** GET /rest/pages/:page and the back office's /admin/pages/:page. */
export const sitePageParams = z.object({ page: sitePageCode });

/** An agency as the contact page shows it. */
export const contactAgency = z.object({
  code: z.string(),
  libelle: z.string(),
  adresse: z.string().nullable(),
  codePostal: z.string().nullable(),
  ville: z.string().nullable(),
  telephone: z.string().nullable(),
  horaires: z.string().nullable(),
});
export type ContactAgency = z.infer<typeof contactAgency>;

/** GET /rest/pages/:page (public): the page's latest text as sanitised HTML, drawn on the server. */
export const sitePage = z.object({
  page: sitePageCode,
  titre: z.string(),
  /** The Markdown rendered and sanitised: no script, no event attribute, no foreign protocol. */
  html: z.string(),
  /** Its version (1, 2…) and when it was saved (seconds since the epoch); null when none is saved. */
  version: z.number().int().nullable(),
  date: z.number().int().nullable(),
  /** The contact page's agencies, by name; empty for the other pages. */
  agences: z.array(contactAgency),
});
export type SitePageAnswer = z.infer<typeof sitePage>;

/** The CGV a shopper accepts at checkout, as the order records it. */
export const cgvAccepted = z.object({
  version: z.number().int(),
  /** When that version was saved (seconds since the epoch). */
  date: z.number().int(),
});
export type CgvAccepted = z.infer<typeof cgvAccepted>;

const markdown = z
  .string(SITE_PAGE_MESSAGES.textRequired)
  .max(SITE_PAGE_MAX_LENGTH, SITE_PAGE_MESSAGES.textTooLong)
  .refine((text) => !text.includes('\u0000'), SITE_PAGE_MESSAGES.nulCharacter)
  .refine((text) => text.trim() !== '', SITE_PAGE_MESSAGES.textRequired);

/** PUT /admin/pages/:page: the page's new text (a new version); POST /admin/pages/apercu: a preview. */
export const sitePageBody = z.object({ markdown });
export type SitePageBody = z.input<typeof sitePageBody>;

/** POST /admin/pages/apercu's answer. */
export const sitePagePreview = z.object({ html: z.string() });

export const sitePageVersion = z.object({
  version: z.number().int(),
  date: z.number().int(),
  /** The administrator who saved it; null for the shop's default text. */
  login: z.string().nullable(),
});
export type SitePageVersion = z.infer<typeof sitePageVersion>;

/** GET /admin/pages/:page (and PUT's answer): the latest text in Markdown and every version, newest first. */
export const sitePageEdit = z.object({
  page: sitePageCode,
  titre: z.string(),
  markdown: z.string(),
  versions: z.array(sitePageVersion),
  /** PUT only: 'Page « … » enregistrée : version n'. */
  message: z.string().optional(),
});
export type SitePageEdit = z.infer<typeof sitePageEdit>;
