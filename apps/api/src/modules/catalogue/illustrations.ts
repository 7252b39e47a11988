// Drawn pictures of the articles that have no photograph: a sack for a cement, a board for a panel,
// a box of screws, a pipe, tiles, a tool… chosen from the designation, the family and the sale unit,
// coloured by family (sibling families get clearly different hues) and shaded per article, so that a
// list of articles never shows an empty box. Pure functions: the same article always gets the same
// picture.

export const ILLUSTRATION_KINDS = [
  'sack',
  'board',
  'screws',
  'pipe',
  'tiles',
  'tool',
  'bucket',
  'blocks',
  'roll',
  'lumber',
  'cable',
  'heap',
  'door',
  'parcel',
] as const;
export type IllustrationKind = (typeof ILLUSTRATION_KINDS)[number];

export interface IllustrationSubject {
  code: string;
  designation: string;
  familyCode: string;
  familyLabel: string;
  /** The sale unit code (SAC, PLQ, BTE…). */
  unit: string;
}

/** Keywords of the designation or family (accents and case folded), first match wins. */
const KEYWORDS: readonly (readonly [RegExp, IllustrationKind])[] = [
  // Tools first: a 'perceuse-visseuse' is a tool, not a box of screws.
  [
    /\b(marteau|scie|perceuse|visseuse|truelle|niveau|meuleuse|outil|tournevis|pince|cle|burin|spatule|taloche|metre ruban|cutter|disque|foret|meche|lame)/,
    'tool',
  ],
  [/\b(vis\b|clou|cheville|boulon|ecrou|rondelle|agrafe|rivet|pointe|tire-fond|fixation)/, 'screws'],
  [/\b(cable|fil |gaine|interrupteur|prise|disjoncteur|electri)/, 'cable'],
  [/\b(tube|tuyau|pvc|cuivre|multicouche|raccord|coude|evacuation|gouttiere|descente)/, 'pipe'],
  [/\b(carrelage|faience|dalle|gres|mosaique|parquet|plinthe|revetement|tuile|ardoise)/, 'tiles'],
  [/\b(peinture|lasure|vernis|enduit|colle|mastic|primaire|impermeab|resine|silicone|droguerie)/, 'bucket'],
  [/\b(laine|isolant|isolation|membrane|film|feutre|rouleau|pare-vapeur|bache)/, 'roll'],
  [/\b(plaque|panneau|contreplaque|osb|agglomere|medium|mdf|placo|ba13|tole|bac acier)/, 'board'],
  [/\b(bois|madrier|chevron|lambourde|liteau|poutre|bastaing|planche|tasseau|lame de terrasse)/, 'lumber'],
  // Before the blocks: a 'bloc-porte' is a door.
  [/\b(porte|fenetre|volet|menuiserie|huisserie|bloc-porte|portail)/, 'door'],
  [/\b(brique|bloc|parpaing|moellon|pave|bordure|linteau|hourdis|beton cellulaire)/, 'blocks'],
  [/\b(ciment|mortier|chaux|platre|beton|ragreage|sac)/, 'sack'],
  [/\b(sable|gravier|gravillon|granulat|terre|cailloux|galet)/, 'heap'],
];

/** When no keyword speaks: the sale unit. */
const BY_UNIT: Record<string, IllustrationKind> = {
  SAC: 'sack',
  PLQ: 'board',
  BTE: 'screws',
  BAR: 'pipe',
  M2: 'tiles',
  POT: 'bucket',
  L: 'bucket',
  RLX: 'roll',
  ML: 'lumber',
  M3: 'heap',
  T: 'heap',
  PAL: 'blocks',
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function illustrationKind(
  subject: Omit<IllustrationSubject, 'code' | 'familyCode'>,
): IllustrationKind {
  for (const text of [subject.designation, subject.familyLabel].map(fold)) {
    const match = KEYWORDS.find(([pattern]) => pattern.test(` ${text} `));
    if (match) return match[1];
  }
  return BY_UNIT[subject.unit] ?? 'parcel';
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}

interface Palette {
  /** The family's colour. */
  main: string;
  dark: string;
  light: string;
  background: string;
  /** A second colour, for labels and details. */
  accent: string;
}

function paletteOf(subject: IllustrationSubject): Palette {
  // Sibling families (codes differing in their last character) get clearly different hues.
  const hue = (hash(subject.familyCode) * 137) % 360;
  // Each article of the family a slightly different shade.
  const shade = 40 + (hash(subject.code) % 16);
  return {
    main: `hsl(${hue} 55% ${shade}%)`,
    dark: `hsl(${hue} 55% ${shade - 18}%)`,
    light: `hsl(${hue} 60% ${shade + 22}%)`,
    background: `hsl(${hue} 35% 95%)`,
    accent: `hsl(${(hue + 180) % 360} 60% 45%)`,
  };
}

const GREY = '#8d96a0';
const DARK_GREY = '#4b5560';

/** The drawing of each kind, on a 320 × 240 canvas. */
const DRAWINGS: Record<IllustrationKind, (p: Palette) => string> = {
  sack: (p) => `
<path d="M98 64 Q160 40 222 64 L236 196 Q160 214 84 196 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
<path d="M98 64 Q160 82 222 64" fill="none" stroke="${p.dark}" stroke-width="4"/>
<rect x="112" y="112" width="96" height="48" rx="6" fill="#fff" opacity="0.9"/>
<rect x="124" y="124" width="72" height="8" rx="4" fill="${p.accent}"/>
<rect x="124" y="140" width="48" height="6" rx="3" fill="${GREY}"/>`,
  board: (p) => `
<path d="M70 170 L210 200 L260 80 L120 50 Z" fill="${p.light}" stroke="${p.dark}" stroke-width="4"/>
<path d="M70 170 L70 182 L210 212 L210 200 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
<path d="M210 200 L210 212 L260 92 L260 80 Z" fill="${p.dark}"/>
<path d="M110 100 L230 126 M98 130 L218 156" stroke="${p.main}" stroke-width="3" opacity="0.5"/>`,
  screws: (p) => `
<path d="M70 100 L180 100 L180 196 L70 196 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
<path d="M70 100 L100 76 L210 76 L180 100 Z" fill="${p.light}" stroke="${p.dark}" stroke-width="4"/>
<path d="M180 100 L210 76 L210 172 L180 196 Z" fill="${p.dark}"/>
<rect x="88" y="124" width="74" height="28" rx="4" fill="#fff"/>
<g fill="${GREY}" stroke="${DARK_GREY}" stroke-width="2">
<rect x="226" y="92" width="34" height="10" rx="3"/><path d="M237 102 L249 102 L247 180 L243 190 L239 180 Z"/>
<rect x="262" y="120" width="28" height="8" rx="3"/><path d="M271 128 L281 128 L279 186 L276 194 L273 186 Z"/></g>
<g stroke="${DARK_GREY}" stroke-width="1.5"><path d="M239 116 L249 112 M239 132 L249 128 M239 148 L248 144 M239 164 L247 160"/></g>`,
  pipe: (p) => `
<rect x="50" y="86" width="210" height="40" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
<ellipse cx="260" cy="106" rx="12" ry="20" fill="${p.dark}"/><ellipse cx="260" cy="106" rx="6" ry="12" fill="${p.background}"/>
<ellipse cx="50" cy="106" rx="12" ry="20" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
<rect x="70" y="140" width="190" height="34" fill="${p.light}" stroke="${p.dark}" stroke-width="3"/>
<ellipse cx="260" cy="157" rx="10" ry="17" fill="${p.dark}"/><ellipse cx="260" cy="157" rx="5" ry="10" fill="${p.background}"/>
<path d="M60 96 L250 96" stroke="#fff" stroke-width="4" opacity="0.5"/>`,
  tiles: (p) => {
    const tiles: string[] = [];
    for (let row = 0; row < 3; row++)
      for (let col = 0; col < 4; col++)
        tiles.push(
          `<rect x="${56 + col * 54}" y="${44 + row * 54}" width="50" height="50" rx="3" fill="${(row + col) % 2 ? p.main : p.light}" stroke="${p.dark}" stroke-width="2"/>`,
        );
    return tiles.join('');
  },
  tool: (p) => `
<rect x="150" y="70" width="22" height="140" rx="8" fill="${p.main}" stroke="${p.dark}" stroke-width="3" transform="rotate(-30 160 140)"/>
<path d="M92 52 L188 30 L200 64 L176 70 L110 92 Z" fill="${GREY}" stroke="${DARK_GREY}" stroke-width="3" transform="rotate(-30 160 140) translate(14 40)"/>
<rect x="150" y="170" width="22" height="40" rx="6" fill="${p.dark}" transform="rotate(-30 160 140)"/>`,
  bucket: (p) => `
<path d="M92 80 L228 80 L214 206 L106 206 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
<ellipse cx="160" cy="80" rx="68" ry="14" fill="${p.light}" stroke="${p.dark}" stroke-width="4"/>
<path d="M92 84 Q160 10 228 84" fill="none" stroke="${DARK_GREY}" stroke-width="4"/>
<rect x="114" y="120" width="92" height="50" rx="6" fill="#fff" opacity="0.92"/>
<circle cx="138" cy="145" r="14" fill="${p.accent}"/><rect x="160" y="136" width="36" height="7" rx="3" fill="${GREY}"/>
<rect x="160" y="150" width="26" height="6" rx="3" fill="${GREY}"/>`,
  blocks: (p) => {
    const blocks: string[] = [];
    for (let row = 0; row < 4; row++)
      for (let col = 0; col < 3; col++) {
        const x = 58 + col * 70 + (row % 2 ? 35 : 0);
        if (x > 220) continue;
        blocks.push(
          `<rect x="${x}" y="${172 - row * 38}" width="66" height="34" rx="2" fill="${(row + col) % 3 ? p.main : p.light}" stroke="${p.dark}" stroke-width="3"/>`,
        );
      }
    return blocks.join('');
  },
  roll: (p) => `
<rect x="110" y="72" width="150" height="112" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
<ellipse cx="110" cy="128" rx="40" ry="56" fill="${p.light}" stroke="${p.dark}" stroke-width="4"/>
<path d="M110 128 m-8 0 a8 10 0 1 1 16 0 a16 20 0 1 1 -32 0 a24 30 0 1 1 48 0 a32 42 0 1 1 -64 0" fill="none" stroke="${p.dark}" stroke-width="3"/>
<path d="M140 98 L250 98 M140 158 L250 158" stroke="${p.dark}" stroke-width="2" opacity="0.4"/>`,
  lumber: (p) => {
    const beams: string[] = [];
    for (let row = 0; row < 3; row++)
      for (let col = 0; col < 3 - row; col++) {
        const x = 70 + col * 62 + row * 31;
        const y = 160 - row * 46;
        beams.push(
          `<rect x="${x}" y="${y}" width="58" height="42" fill="${p.light}" stroke="${p.dark}" stroke-width="3"/>` +
            `<circle cx="${x + 29}" cy="${y + 21}" r="12" fill="none" stroke="${p.main}" stroke-width="3"/>` +
            `<circle cx="${x + 29}" cy="${y + 21}" r="5" fill="none" stroke="${p.main}" stroke-width="2"/>`,
        );
      }
    return beams.join('');
  },
  cable: (p) => `
<circle cx="150" cy="124" r="72" fill="none" stroke="${p.main}" stroke-width="16"/>
<circle cx="150" cy="124" r="52" fill="none" stroke="${p.dark}" stroke-width="16"/>
<circle cx="150" cy="124" r="30" fill="${p.background}" stroke="${DARK_GREY}" stroke-width="4"/>
<path d="M222 124 Q262 124 262 170 L262 196" fill="none" stroke="${p.main}" stroke-width="12" stroke-linecap="round"/>
<path d="M256 196 L256 214 M268 196 L268 214" stroke="#c28a2c" stroke-width="4"/>`,
  heap: (p) => `
<path d="M40 200 Q90 90 160 70 Q230 90 280 200 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
<g fill="${p.dark}" opacity="0.55"><circle cx="120" cy="150" r="5"/><circle cx="150" cy="120" r="4"/>
<circle cx="190" cy="160" r="6"/><circle cx="170" cy="180" r="4"/><circle cx="210" cy="130" r="5"/>
<circle cx="100" cy="185" r="4"/><circle cx="240" cy="185" r="5"/><circle cx="140" cy="90" r="3"/></g>`,
  door: (p) => `
<rect x="108" y="30" width="104" height="184" fill="${p.dark}"/>
<rect x="116" y="38" width="88" height="176" fill="${p.main}" stroke="${p.dark}" stroke-width="2"/>
<rect x="128" y="52" width="64" height="60" rx="3" fill="${p.light}"/>
<rect x="128" y="126" width="64" height="70" rx="3" fill="${p.light}"/>
<rect x="186" y="118" width="12" height="5" rx="2" fill="${GREY}" stroke="${DARK_GREY}"/>`,
  parcel: (p) => `
<path d="M80 96 L160 66 L240 96 L160 126 Z" fill="${p.light}" stroke="${p.dark}" stroke-width="4"/>
<path d="M80 96 L80 184 L160 214 L160 126 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
<path d="M240 96 L240 184 L160 214 L160 126 Z" fill="${p.dark}" stroke="${p.dark}" stroke-width="4"/>
<path d="M120 81 L200 111 L200 140" fill="none" stroke="${p.accent}" stroke-width="8"/>`,
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG picture of an article. `label` is its accessible name (the designation). */
export function drawIllustration(subject: IllustrationSubject): string {
  const palette = paletteOf(subject);
  const kind = illustrationKind(subject);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240" role="img" aria-label="${escapeXml(subject.designation)}">
<rect width="320" height="240" fill="${palette.background}"/>
<ellipse cx="160" cy="218" rx="120" ry="10" fill="#000" opacity="0.07"/>${DRAWINGS[kind](palette)}
</svg>`;
}
