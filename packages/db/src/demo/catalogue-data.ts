// The demo catalogue of a building-materials distributor: activities, the sales-plan tree (up to 4
// levels) and, on each leaf family, a recipe the generator turns into articles
// (name × format × brand). Prices are excluding tax, in euros, per sale unit; weights in kg per sale
// unit.

// Code, label, and the decimals a quantity in the unit may have (0: whole units).
export const UNITS = [
  ['U', 'Unité', 0],
  ['M', 'Mètre', 2],
  ['ML', 'Mètre linéaire', 2],
  ['M2', 'Mètre carré', 2],
  ['M3', 'Mètre cube', 2],
  ['KG', 'Kilogramme', 2],
  ['T', 'Tonne', 2],
  ['L', 'Litre', 2],
  ['SAC', 'Sac', 0],
  ['PAL', 'Palette', 0],
  ['RLX', 'Rouleau', 0],
  ['PAQ', 'Paquet', 0],
  ['BTE', 'Boîte', 0],
  ['CAR', 'Carton', 0],
  ['BAR', 'Barre', 0],
  ['PLQ', 'Plaque', 0],
  ['POT', 'Pot', 0],
  ['LOT', 'Lot', 0],
] as const;
export type UnitCode = (typeof UNITS)[number][0];

/** Measures of one format: kg weight, L/W/H/D in the leaf's dimension unit, cap in litres, dens kg/m³. */
export interface Measures {
  kg?: number;
  L?: number;
  W?: number;
  H?: number;
  D?: number;
  cap?: number;
  dens?: number;
}
/** A format: label appended to the name, price excl. tax, measures. */
export type Spec = readonly [label: string, price: number, measures?: Measures];
/** A variant axis: attribute name and its values with a price (and weight) factor. */
export interface Axis {
  attribute: string;
  values: readonly (readonly [label: string, factor: number])[];
}
export interface Recipe {
  /** Base names, optionally with a price factor and the indexes of the formats they come in (all by default). */
  names: readonly (string | readonly [string, number] | readonly [string, number, readonly number[]])[];
  specs: readonly Spec[];
  brands: readonly string[];
  unit: UnitCode;
  stockUnit?: UnitCode;
  prepUnit?: UnitCode;
  dimensionUnit?: 'mm' | 'cm' | 'm';
  /** The least quantity of a line, and the multiple it is sold by ('vendu par 10'). */
  minimum?: number;
  multiple?: number;
  vat?: number;
  /** Declinaisons: the axes and the share of the leaf's articles that have them. */
  variants?: { axes: readonly Axis[]; share: number };
  /** Free attributes: one value is drawn per article. */
  attributes?: Record<string, readonly string[]>;
  description: string;
}
export interface FamilyNode {
  label: string;
  children?: readonly FamilyNode[];
  recipe?: Recipe;
}
export interface Activity {
  code: string;
  label: string;
  families: readonly FamilyNode[];
}

const node = (label: string, children: readonly FamilyNode[]): FamilyNode => ({ label, children });
const leaf = (label: string, recipe: Recipe): FamilyNode => ({ label, recipe });

const COLOURS: Axis = {
  attribute: 'COULEUR',
  values: [
    ['Blanc', 1],
    ['Blanc cassé', 1],
    ['Gris perle', 1.05],
    ['Gris anthracite', 1.08],
    ['Beige sable', 1.05],
    ['Taupe', 1.08],
    ['Vert amande', 1.1],
    ['Bleu orage', 1.1],
    ['Terre cuite', 1.1],
  ],
};
const WOOD_TINTS: Axis = {
  attribute: 'TEINTE',
  values: [
    ['Incolore', 1],
    ['Chêne clair', 1],
    ['Chêne doré', 1],
    ['Noyer', 1.04],
    ['Acajou', 1.04],
    ['Gris bois flotté', 1.08],
  ],
};
const LENGTHS: Axis = {
  attribute: 'LONGUEUR',
  values: [
    ['2,00 m', 1],
    ['2,50 m', 1.25],
    ['3,00 m', 1.5],
    ['4,00 m', 2],
    ['5,00 m', 2.5],
    ['6,00 m', 3],
  ],
};
const THICKNESSES: Axis = {
  attribute: 'EPAISSEUR',
  values: [
    ['45 mm', 1],
    ['60 mm', 1.3],
    ['80 mm', 1.7],
    ['100 mm', 2.1],
    ['120 mm', 2.5],
    ['140 mm', 2.9],
  ],
};
const FINISHES: Axis = {
  attribute: 'FINITION',
  values: [
    ['Blanc', 1],
    ['Titane', 1.35],
    ['Noir mat', 1.4],
    ['Alu brossé', 1.45],
  ],
};
const TILE_FORMATS: Axis = {
  attribute: 'FORMAT',
  values: [
    ['30 x 60 cm', 1],
    ['60 x 60 cm', 1.1],
    ['45 x 90 cm', 1.25],
    ['60 x 120 cm', 1.45],
  ],
};
const GLOVE_SIZES: Axis = {
  attribute: 'TAILLE',
  values: [
    ['7', 1],
    ['8', 1],
    ['9', 1],
    ['10', 1],
    ['11', 1],
  ],
};
const SHOE_SIZES: Axis = {
  attribute: 'POINTURE',
  values: ['39', '40', '41', '42', '43', '44', '45', '46'].map((size) => [size, 1] as const),
};

export const ACTIVITIES: readonly Activity[] = [
  {
    code: 'GO',
    label: 'Gros œuvre',
    families: [
      node('Ciment et chaux', [
        node('Ciments', [
          leaf('Ciment gris CEM II', {
            names: [
              'Ciment gris CEM II/B-LL 32,5 R',
              ['Ciment gris CEM II/A-LL 42,5 R', 1.12],
              'Ciment gris CEM II/B-M 32,5 N',
            ],
            specs: [
              ['sac 25 kg', 6.2, { kg: 25 }],
              ['sac 35 kg', 8.4, { kg: 35 }],
            ],
            brands: ['Lafarge', 'Vicat', 'Calcia', 'Holcim'],
            unit: 'SAC',
            prepUnit: 'PAL',
            attributes: { NORME: ['NF EN 197-1'], ORIGINE: ['France'] },
            description: 'Ciment courant pour bétons, mortiers de montage et chapes.',
          }),
          leaf('Ciment blanc', {
            names: ['Ciment blanc CEM I 52,5 N', 'Ciment blanc CEM II/A-LL 42,5 R'],
            specs: [
              ['sac 25 kg', 13.9, { kg: 25 }],
              ['sac 5 kg', 4.6, { kg: 5 }],
            ],
            brands: ['Calcia', 'Lafarge', 'Vicat'],
            unit: 'SAC',
            prepUnit: 'PAL',
            attributes: { NORME: ['NF EN 197-1'] },
            description: 'Ciment blanc pour enduits décoratifs, joints et scellements visibles.',
          }),
          leaf('Ciment prompt', {
            names: ['Ciment prompt naturel', 'Ciment prompt prise rapide'],
            specs: [
              ['sac 25 kg', 16.5, { kg: 25 }],
              ['seau 5 kg', 7.9, { kg: 5 }],
            ],
            brands: ['Vicat', 'Sika'],
            unit: 'U',
            description: 'Ciment à prise rapide pour scellements, calfeutrements et colmatages.',
          }),
        ]),
        node('Chaux', [
          leaf('Chaux hydraulique', {
            names: [
              'Chaux hydraulique naturelle NHL 3,5',
              ['Chaux hydraulique naturelle NHL 5', 1.08],
              'Chaux hydraulique HL 5',
            ],
            specs: [
              ['sac 25 kg', 11.2, { kg: 25 }],
              ['sac 35 kg', 14.6, { kg: 35 }],
            ],
            brands: ['Saint-Astier', 'Lafarge', 'Socli'],
            unit: 'SAC',
            prepUnit: 'PAL',
            attributes: { NORME: ['NF EN 459-1'] },
            description: 'Chaux pour enduits respirants, rejointoiement et maçonnerie ancienne.',
          }),
          leaf('Chaux aérienne', {
            names: ['Chaux aérienne CL 90', 'Chaux aérienne éteinte'],
            specs: [
              ['sac 25 kg', 12.8, { kg: 25 }],
              ['sac 10 kg', 6.4, { kg: 10 }],
            ],
            brands: ['Saint-Astier', 'Balthazard et Cotte'],
            unit: 'SAC',
            prepUnit: 'PAL',
            description: 'Chaux calcique pour badigeons, enduits de finition et restauration.',
          }),
        ]),
        node('Mortiers et bétons prêts à l’emploi', [
          leaf('Mortiers prêts à l’emploi', {
            names: ['Mortier de montage', 'Mortier de jointoiement', ['Mortier de réparation fibré', 1.6]],
            specs: [
              ['sac 25 kg', 7.4, { kg: 25 }],
              ['sac 35 kg', 9.8, { kg: 35 }],
            ],
            brands: ['Weber', 'Parexlanko', 'Sika', 'Vicat'],
            unit: 'SAC',
            prepUnit: 'PAL',
            description: 'Mortier sec prêt à gâcher, il suffit d’ajouter de l’eau.',
          }),
          leaf('Bétons prêts à l’emploi', {
            names: ['Béton prêt à l’emploi C25/30', ['Béton fibré prise rapide', 1.35], 'Béton de calage'],
            specs: [
              ['sac 25 kg', 6.9, { kg: 25 }],
              ['sac 35 kg', 8.9, { kg: 35 }],
              ['big bag 1 t', 185, { kg: 1000 }],
            ],
            brands: ['Vicat', 'Weber', 'Sika'],
            unit: 'U',
            prepUnit: 'PAL',
            description: 'Béton sec dosé en usine pour petits ouvrages, poteaux et scellements.',
          }),
        ]),
      ]),
      node('Granulats', [
        leaf('Sables', {
          names: [
            'Sable 0/4 lavé',
            'Sable 0/2 de rivière',
            ['Sable à maçonner 0/4', 0.9],
            ['Sable blanc 0/1', 1.8],
          ],
          specs: [
            ['en vrac (tonne)', 38, { kg: 1000 }],
            ['big bag 1 t', 79, { kg: 1000 }],
            ['sac 35 kg', 3.9, { kg: 35 }],
          ],
          brands: ['Carrières du Rhône', 'Granulats Vicat', 'Cemex'],
          unit: 'T',
          description: 'Sable calibré pour bétons, mortiers et lits de pose.',
        }),
        leaf('Graviers et gravillons', {
          names: [
            'Gravier 4/10 roulé',
            'Gravillon 6/10 concassé',
            'Gravier 10/20 lavé',
            ['Galet décoratif 20/40', 2.4],
          ],
          specs: [
            ['en vrac (tonne)', 42, { kg: 1000 }],
            ['big bag 1 t', 86, { kg: 1000 }],
            ['sac 35 kg', 4.3, { kg: 35 }],
          ],
          brands: ['Carrières du Rhône', 'Granulats Vicat', 'Cemex'],
          unit: 'T',
          description: 'Granulat pour bétons, drainage et aménagements extérieurs.',
        }),
        leaf('Graves et tout-venant', {
          names: ['Grave 0/31,5 non traitée', 'Tout-venant 0/80', 'Grave recyclée 0/20'],
          specs: [
            ['en vrac (tonne)', 24, { kg: 1000 }],
            ['big bag 1 t', 64, { kg: 1000 }],
          ],
          brands: ['Carrières du Rhône', 'Eiffage Route', 'Cemex'],
          unit: 'T',
          description: 'Matériau de remblai et de couche de forme pour voiries et dallages.',
        }),
      ]),
      node('Blocs et briques', [
        node('Blocs béton', [
          leaf('Parpaings creux', {
            names: ['Bloc béton creux B40', ['Bloc béton creux B60', 1.15], 'Bloc d’angle béton creux'],
            specs: [
              ['20 x 20 x 50 cm', 1.45, { kg: 18, L: 50, W: 20, H: 20 }],
              ['15 x 20 x 50 cm', 1.2, { kg: 15, L: 50, W: 15, H: 20 }],
              ['10 x 20 x 50 cm', 0.95, { kg: 11, L: 50, W: 10, H: 20 }],
              ['25 x 20 x 50 cm', 1.9, { kg: 22, L: 50, W: 25, H: 20 }],
            ],
            brands: ['Alkern', 'Fabemi', 'Bonnefoy'],
            unit: 'U',
            multiple: 10,
            prepUnit: 'PAL',
            dimensionUnit: 'cm',
            attributes: { NORME: ['NF EN 771-3'] },
            description: 'Bloc de maçonnerie courante pour murs porteurs et de clôture.',
          }),
          leaf('Blocs à bancher', {
            names: ['Bloc à bancher', 'Bloc à bancher d’angle'],
            specs: [
              ['20 x 20 x 50 cm', 2.1, { kg: 20, L: 50, W: 20, H: 20 }],
              ['25 x 20 x 50 cm', 2.6, { kg: 24, L: 50, W: 25, H: 20 }],
            ],
            brands: ['Alkern', 'Fabemi'],
            unit: 'U',
            prepUnit: 'PAL',
            dimensionUnit: 'cm',
            description: 'Bloc creux à remplir de béton pour murs de soutènement et de sous-sol.',
          }),
          leaf('Blocs pleins', {
            names: ['Bloc béton plein', 'Bloc linteau'],
            specs: [
              ['10 x 20 x 50 cm', 1.6, { kg: 19, L: 50, W: 10, H: 20 }],
              ['15 x 20 x 50 cm', 2.3, { kg: 28, L: 50, W: 15, H: 20 }],
            ],
            brands: ['Alkern', 'Bonnefoy'],
            unit: 'U',
            prepUnit: 'PAL',
            dimensionUnit: 'cm',
            description: 'Bloc plein pour ouvrages soumis à de fortes charges.',
          }),
        ]),
        node('Briques', [
          leaf('Briques monomur', {
            names: ['Brique monomur R37', ['Brique monomur R30', 0.9], 'Brique de poteau monomur'],
            specs: [
              ['30 x 25 x 50 cm', 4.9, { kg: 21, L: 50, W: 30, H: 25 }],
              ['37,5 x 25 x 50 cm', 6.2, { kg: 25, L: 50, W: 37.5, H: 25 }],
            ],
            brands: ['Wienerberger', 'Bouyer Leroux', 'Terreal'],
            unit: 'U',
            minimum: 20,
            prepUnit: 'PAL',
            dimensionUnit: 'cm',
            description: 'Brique terre cuite isolante pour murs à isolation répartie.',
          }),
          leaf('Briques plâtrières', {
            names: ['Brique plâtrière', 'Brique creuse'],
            specs: [
              ['5 x 20 x 40 cm', 0.65, { kg: 3.5, L: 40, W: 5, H: 20 }],
              ['7 x 20 x 50 cm', 0.85, { kg: 5, L: 50, W: 7, H: 20 }],
            ],
            brands: ['Wienerberger', 'Bouyer Leroux'],
            unit: 'U',
            prepUnit: 'PAL',
            dimensionUnit: 'cm',
            description: 'Brique creuse légère pour cloisons et doublages.',
          }),
        ]),
      ]),
      node('Acier pour béton', [
        leaf('Treillis soudés', {
          names: ['Treillis soudé ST 25 C', 'Treillis soudé ST 10', ['Treillis soudé ST 40 C', 1.5]],
          specs: [
            ['panneau 2,40 x 6,00 m', 42, { kg: 31, L: 6, W: 2.4 }],
            ['panneau 2,40 x 3,60 m', 26, { kg: 19, L: 3.6, W: 2.4 }],
          ],
          brands: ['ADAM', 'Arcelor'],
          unit: 'U',
          dimensionUnit: 'm',
          description: 'Armature de dallage et de chape en acier B500A.',
        }),
        leaf('Fers à béton', {
          names: ['Fer à béton HA', 'Rond lisse'],
          specs: [
            ['Ø 8 mm - 6 m', 3.6, { kg: 2.4, L: 6000, D: 8 }],
            ['Ø 10 mm - 6 m', 5.4, { kg: 3.7, L: 6000, D: 10 }],
            ['Ø 12 mm - 6 m', 7.8, { kg: 5.3, L: 6000, D: 12 }],
            ['Ø 14 mm - 6 m', 10.6, { kg: 7.3, L: 6000, D: 14 }],
          ],
          brands: ['Arcelor', 'Celsa'],
          unit: 'BAR',
          dimensionUnit: 'mm',
          description: 'Barre d’acier haute adhérence B500B pour béton armé.',
        }),
        leaf('Armatures façonnées', {
          names: ['Chaînage filant', 'Poteau armé', 'Semelle filante'],
          specs: [
            ['8 x 8 cm - 6 m', 9.8, { kg: 6.5, L: 6 }],
            ['10 x 10 cm - 6 m', 11.9, { kg: 7.8, L: 6 }],
            ['15 x 15 cm - 6 m', 15.5, { kg: 10.2, L: 6 }],
          ],
          brands: ['ADAM', 'Fers Services'],
          unit: 'U',
          dimensionUnit: 'm',
          description: 'Cage d’armature prête à poser pour chaînages et fondations.',
        }),
      ]),
      node('Assainissement et drainage', [
        leaf('Tubes PVC assainissement', {
          names: ['Tube PVC CR8 assainissement', 'Tube PVC CR4 assainissement'],
          specs: [
            ['Ø 110 mm - 3 m', 17.5, { kg: 5.4, L: 3000, D: 110 }],
            ['Ø 125 mm - 3 m', 21.9, { kg: 6.5, L: 3000, D: 125 }],
            ['Ø 160 mm - 3 m', 34, { kg: 9.6, L: 3000, D: 160 }],
            ['Ø 200 mm - 3 m', 58, { kg: 15.6, L: 3000, D: 200 }],
          ],
          brands: ['Wavin', 'Nicoll', 'Girpi'],
          unit: 'BAR',
          dimensionUnit: 'mm',
          description: 'Canalisation compacte pour réseaux enterrés d’eaux usées.',
        }),
        leaf('Regards et tampons', {
          names: ['Regard béton', 'Tampon fonte', 'Rehausse béton'],
          specs: [
            ['30 x 30 cm', 18, { kg: 35, L: 30, W: 30 }],
            ['40 x 40 cm', 29, { kg: 55, L: 40, W: 40 }],
            ['50 x 50 cm', 46, { kg: 85, L: 50, W: 50 }],
          ],
          brands: ['Bonna Sabla', 'Saint-Gobain PAM', 'Fabemi'],
          unit: 'U',
          dimensionUnit: 'cm',
          description: 'Élément de réseau enterré pour visite et raccordement.',
        }),
        leaf('Drainage', {
          names: [
            ['Drain agricole PVC annelé', 1, [0, 1]],
            ['Drain enrobé coco', 1.6, [0, 1]],
            ['Géotextile de drainage', 1, [2]],
          ],
          specs: [
            ['Ø 100 mm - rouleau 25 m', 39, { kg: 9, L: 25000, D: 100 }],
            ['Ø 80 mm - rouleau 50 m', 54, { kg: 14, L: 50000, D: 80 }],
            ['rouleau 2 x 25 m', 32, { kg: 6, L: 25000, W: 2000 }],
          ],
          brands: ['Fränkische', 'Soleco'],
          unit: 'RLX',
          dimensionUnit: 'mm',
          description: 'Collecte et évacuation des eaux d’infiltration autour des fondations.',
        }),
      ]),
    ],
  },
  {
    code: 'IP',
    label: 'Isolation et plâtrerie',
    families: [
      node('Plâtrerie', [
        node('Plaques de plâtre', [
          node('Plaques BA13', [
            leaf('BA13 standard', {
              names: ['Plaque de plâtre BA13 standard', 'Plaque de plâtre BA13 à bords amincis'],
              specs: [
                ['1,20 x 2,50 m', 6.9, { kg: 23, L: 2500, W: 1200, H: 12.5 }],
                ['1,20 x 2,60 m', 7.3, { kg: 24, L: 2600, W: 1200, H: 12.5 }],
                ['1,20 x 2,80 m', 7.9, { kg: 26, L: 2800, W: 1200, H: 12.5 }],
                ['1,20 x 3,00 m', 8.5, { kg: 28, L: 3000, W: 1200, H: 12.5 }],
              ],
              brands: ['Placo', 'Knauf', 'Siniat'],
              unit: 'PLQ',
              prepUnit: 'PAL',
              dimensionUnit: 'mm',
              attributes: { NORME: ['NF EN 520'], CLASSEMENT_FEU: ['A2-s1,d0'] },
              description: 'Plaque de plâtre pour cloisons, doublages et plafonds en pièces sèches.',
            }),
            leaf('BA13 hydrofuge H1', {
              names: ['Plaque de plâtre hydrofuge BA13 H1', 'Plaque hydrofuge BA13 Marine'],
              specs: [
                ['1,20 x 2,50 m', 10.4, { kg: 24, L: 2500, W: 1200, H: 12.5 }],
                ['1,20 x 2,60 m', 10.9, { kg: 25, L: 2600, W: 1200, H: 12.5 }],
                ['1,20 x 3,00 m', 12.6, { kg: 29, L: 3000, W: 1200, H: 12.5 }],
              ],
              brands: ['Placo', 'Knauf', 'Siniat'],
              unit: 'PLQ',
              prepUnit: 'PAL',
              dimensionUnit: 'mm',
              description: 'Plaque verte pour pièces humides : salles de bains, cuisines, buanderies.',
            }),
            leaf('BA13 phonique', {
              names: ['Plaque de plâtre phonique BA13', 'Plaque haute dureté phonique BA13'],
              specs: [
                ['1,20 x 2,50 m', 12.9, { kg: 26, L: 2500, W: 1200, H: 12.5 }],
                ['1,20 x 2,60 m', 13.4, { kg: 27, L: 2600, W: 1200, H: 12.5 }],
              ],
              brands: ['Placo', 'Knauf'],
              unit: 'PLQ',
              prepUnit: 'PAL',
              dimensionUnit: 'mm',
              description: 'Plaque à cœur densifié pour un meilleur affaiblissement acoustique.',
            }),
            leaf('BA13 coupe-feu', {
              names: ['Plaque de plâtre coupe-feu BA13', 'Plaque de plâtre feu BA15'],
              specs: [
                ['1,20 x 2,50 m', 11.8, { kg: 27, L: 2500, W: 1200, H: 12.5 }],
                ['1,20 x 2,80 m', 13.2, { kg: 30, L: 2800, W: 1200, H: 12.5 }],
              ],
              brands: ['Placo', 'Siniat'],
              unit: 'PLQ',
              prepUnit: 'PAL',
              dimensionUnit: 'mm',
              description: 'Plaque renforcée de fibres de verre pour les ouvrages de protection incendie.',
            }),
          ]),
          leaf('Plaques spéciales', {
            names: [
              'Plaque de plâtre BA18 haute dureté',
              'Plaque de plâtre cintrable BA6',
              'Plaque carreau de plâtre',
            ],
            specs: [
              ['1,20 x 2,50 m', 15.6, { kg: 35, L: 2.5, W: 1.2 }],
              ['0,90 x 2,50 m', 12.1, { kg: 24, L: 2.5, W: 0.9 }],
            ],
            brands: ['Placo', 'Knauf'],
            unit: 'PLQ',
            prepUnit: 'PAL',
            dimensionUnit: 'm',
            description: 'Plaque pour ouvrages particuliers : cintrage, chocs, grandes hauteurs.',
          }),
        ]),
        node('Ossatures métalliques', [
          leaf('Rails', {
            names: ['Rail R48 galvanisé', 'Rail R70 galvanisé', 'Rail R90 galvanisé'],
            specs: [
              ['3,00 m', 3.1, { kg: 1.4, L: 3 }],
              ['4,00 m', 4.1, { kg: 1.9, L: 4 }],
            ],
            brands: ['Placo', 'Knauf', 'Siniat'],
            unit: 'BAR',
            dimensionUnit: 'm',
            description: 'Rail d’ossature pour cloisons et doublages en plaques de plâtre.',
          }),
          leaf('Montants', {
            names: ['Montant M48 galvanisé', 'Montant M70 galvanisé', 'Montant M90 galvanisé'],
            specs: [
              ['2,50 m', 3.3, { kg: 1.5, L: 2.5 }],
              ['2,80 m', 3.7, { kg: 1.7, L: 2.8 }],
              ['3,00 m', 3.9, { kg: 1.8, L: 3 }],
            ],
            brands: ['Placo', 'Knauf', 'Siniat'],
            unit: 'BAR',
            dimensionUnit: 'm',
            description: 'Montant d’ossature à emboîter dans les rails.',
          }),
          leaf('Fourrures et suspentes', {
            names: [
              ['Fourrure F530', 1, [0, 1]],
              ['Cornière de rive', 0.8, [0, 1]],
              ['Suspente pivot', 1, [2]],
              ['Suspente réglable', 1.3, [2]],
            ],
            specs: [
              ['3,00 m', 2.6, { kg: 1.2, L: 3 }],
              ['4,00 m', 3.4, { kg: 1.6, L: 4 }],
              ['boîte de 100', 34, { kg: 5 }],
            ],
            brands: ['Placo', 'Knauf'],
            unit: 'U',
            dimensionUnit: 'm',
            description: 'Ossature de plafonds suspendus et de doublages collés.',
          }),
        ]),
        leaf('Enduits et bandes', {
          names: [
            ['Enduit joint prise 1 h', 1, [0, 1]],
            ['Enduit de lissage', 1, [0, 1]],
            ['Bande à joint papier', 1, [2, 3]],
            ['Enduit de rebouchage allégé', 1.2, [1]],
          ],
          specs: [
            ['sac 25 kg', 18.9, { kg: 25 }],
            ['sac 5 kg', 6.5, { kg: 5 }],
            ['rouleau 150 m', 8.9, { kg: 1 }],
            ['rouleau 23 m', 2.4, { kg: 0.2 }],
          ],
          brands: ['Placo', 'Semin', 'Toupret', 'Knauf'],
          unit: 'U',
          description: 'Traitement des joints et finition des ouvrages en plaques de plâtre.',
        }),
      ]),
      node('Isolation', [
        node('Laines minérales', [
          node('Laine de verre', [
            leaf('Rouleaux laine de verre', {
              names: ['Laine de verre en rouleau revêtue kraft', 'Laine de verre en rouleau nue'],
              specs: [
                ['100 mm - 1,20 x 5,50 m', 31, { kg: 8, L: 5500, W: 1200, H: 100 }],
                ['200 mm - 1,20 x 2,70 m', 34, { kg: 9, L: 2700, W: 1200, H: 200 }],
                ['300 mm - 1,20 x 2,50 m', 46, { kg: 12, L: 2500, W: 1200, H: 300 }],
              ],
              brands: ['Isover', 'Ursa', 'Knauf Insulation'],
              unit: 'RLX',
              prepUnit: 'PAL',
              dimensionUnit: 'mm',
              attributes: { CERTIFICATION: ['ACERMI'], CLASSEMENT_FEU: ['A1'] },
              description: 'Isolant thermique et acoustique pour combles et rampants.',
            }),
            leaf('Panneaux laine de verre', {
              names: ['Panneau laine de verre semi-rigide', 'Panneau laine de verre GR 32'],
              specs: [
                ['45 mm - 0,60 x 1,35 m', 21, { kg: 4, L: 1350, W: 600, H: 45, dens: 18 }],
                ['100 mm - 0,60 x 1,35 m', 38, { kg: 6, L: 1350, W: 600, H: 100, dens: 18 }],
              ],
              brands: ['Isover', 'Ursa', 'Knauf Insulation'],
              unit: 'PAQ',
              dimensionUnit: 'mm',
              variants: { axes: [THICKNESSES], share: 0.6 },
              description: 'Panneau pour doublage des murs et cloisons.',
            }),
          ]),
          leaf('Laine de roche', {
            names: [
              'Panneau laine de roche',
              'Rouleau laine de roche',
              ['Panneau laine de roche haute densité', 1.4],
            ],
            specs: [
              ['60 mm - 0,60 x 1,35 m', 26, { kg: 7, H: 60, dens: 40 }],
              ['100 mm - 0,60 x 1,35 m', 39, { kg: 11, H: 100, dens: 40 }],
              ['140 mm - 0,60 x 1,35 m', 52, { kg: 15, H: 140, dens: 40 }],
            ],
            brands: ['Rockwool', 'Isover'],
            unit: 'PAQ',
            dimensionUnit: 'mm',
            attributes: { CLASSEMENT_FEU: ['A1'] },
            description: 'Isolant incombustible pour murs, toitures et planchers.',
          }),
        ]),
        node('Isolants PSE et PU', [
          leaf('Polystyrène expansé', {
            names: [
              'Panneau polystyrène expansé TH38',
              'Panneau PSE graphité TH32',
              'Panneau PSE sous chape',
            ],
            specs: [
              ['1,20 x 0,60 m', 6.9, { kg: 0.9, L: 1.2, W: 0.6, dens: 15 }],
              ['1,20 x 1,00 m', 10.4, { kg: 1.4, L: 1.2, W: 1, dens: 15 }],
            ],
            brands: ['Knauf', 'Placo', 'Efisol'],
            unit: 'U',
            dimensionUnit: 'm',
            variants: { axes: [THICKNESSES], share: 0.7 },
            description: 'Isolant léger pour murs par l’intérieur, sols et façades.',
          }),
          leaf('Polyuréthane', {
            names: ['Panneau polyuréthane alu 2 faces', 'Panneau polyuréthane rainuré bouveté'],
            specs: [
              ['1,20 x 2,50 m', 42, { kg: 5, L: 2.5, W: 1.2, dens: 32 }],
              ['1,20 x 1,00 m', 19, { kg: 2, L: 1.2, W: 1, dens: 32 }],
            ],
            brands: ['Efisol', 'Recticel', 'Soprema'],
            unit: 'U',
            dimensionUnit: 'm',
            variants: { axes: [THICKNESSES], share: 0.5 },
            description: 'Isolant à haute performance pour sols, toitures et murs.',
          }),
        ]),
        leaf('Isolants biosourcés', {
          names: [
            ['Panneau fibre de bois flexible', 1, [1, 2]],
            ['Ouate de cellulose en vrac', 1, [0]],
            ['Panneau chanvre et coton', 1.1, [1, 2]],
          ],
          specs: [
            ['sac 12,5 kg', 17.5, { kg: 12.5 }],
            ['60 mm - 0,60 x 1,22 m', 31, { kg: 4, H: 60, dens: 50 }],
            ['100 mm - 0,60 x 1,22 m', 47, { kg: 6, H: 100, dens: 50 }],
          ],
          brands: ['Steico', 'Pavatex', 'Biofib', 'Igloo'],
          unit: 'U',
          dimensionUnit: 'mm',
          description: 'Isolant d’origine végétale, régulateur hygrométrique.',
        }),
      ]),
    ],
  },
  {
    code: 'BO',
    label: 'Bois et panneaux',
    families: [
      node('Bois de construction', [
        node('Bois de charpente', [
          leaf('Chevrons', {
            names: ['Chevron sapin traité classe 2', 'Chevron douglas raboté', 'Chevron épicéa brut'],
            specs: [
              ['63 x 75 mm', 2.9, { kg: 2.4, W: 63, H: 75 }],
              ['75 x 75 mm', 3.4, { kg: 2.8, W: 75, H: 75 }],
              ['60 x 80 mm', 3.2, { kg: 2.6, W: 60, H: 80 }],
            ],
            brands: ['Scierie du Vercors', 'Piveteaubois', 'Monnet-Sève'],
            unit: 'U',
            dimensionUnit: 'mm',
            variants: { axes: [LENGTHS], share: 0.8 },
            attributes: { ESSENCE: ['Sapin', 'Douglas', 'Épicéa'], CLASSE: ['C24', 'C18'] },
            description: 'Pièce de charpente pour supports de couverture et ossatures.',
          }),
          leaf('Bastaings et madriers', {
            names: ['Bastaing sapin traité', 'Madrier sapin', 'Solive douglas'],
            specs: [
              ['63 x 175 mm', 7.8, { kg: 6.5, W: 63, H: 175 }],
              ['75 x 225 mm', 11.9, { kg: 9.5, W: 75, H: 225 }],
            ],
            brands: ['Scierie du Vercors', 'Monnet-Sève'],
            unit: 'U',
            dimensionUnit: 'mm',
            variants: { axes: [LENGTHS], share: 0.8 },
            description: 'Pièce de forte section pour planchers, solivages et linteaux.',
          }),
        ]),
        leaf('Liteaux et tasseaux', {
          names: ['Liteau sapin traité', 'Tasseau raboté sapin', 'Volige sapin'],
          specs: [
            ['27 x 40 mm - 4 m', 2.1, { kg: 2.3, L: 4000, W: 27000, H: 40 }],
            ['22 x 32 mm - 2,40 m', 1.2, { kg: 1, L: 2400, W: 22000, H: 32 }],
            ['18 x 100 mm - 4 m', 3.4, { kg: 3.2, L: 4000, W: 18000, H: 100 }],
          ],
          brands: ['Scierie du Vercors', 'Piveteaubois'],
          unit: 'U',
          dimensionUnit: 'mm',
          description: 'Bois de petite section pour couverture, bardage et tasseautage.',
        }),
        leaf('Bois de chauffage', {
          names: ['Bûches de chêne sèches', 'Granulés de bois certifiés', 'Bûches compressées'],
          specs: [
            ['sac 15 kg', 5.9, { kg: 15 }],
            ['palette 1 t', 345, { kg: 1000 }],
          ],
          brands: ['Piveteaubois', 'Bois Énergie Rhône-Alpes'],
          unit: 'U',
          vat: 10,
          description: 'Combustible bois pour poêles et cheminées.',
        }),
      ]),
      node('Panneaux', [
        leaf('Contreplaqués', {
          names: ['Contreplaqué okoumé', 'Contreplaqué peuplier', ['Contreplaqué bouleau filmé', 1.6]],
          specs: [
            ['5 mm - 2,50 x 1,22 m', 18, { kg: 7, L: 2500, W: 1220, H: 5 }],
            ['10 mm - 2,50 x 1,22 m', 31, { kg: 13, L: 2500, W: 1220, H: 10 }],
            ['18 mm - 2,50 x 1,22 m', 52, { kg: 23, L: 2500, W: 1220, H: 18 }],
          ],
          brands: ['Thebault', 'Garnica', 'Joubert'],
          unit: 'PLQ',
          dimensionUnit: 'mm',
          description: 'Panneau multiplis pour agencement, coffrage et menuiserie.',
        }),
        leaf('OSB', {
          names: ['Panneau OSB 3 rainuré bouveté', 'Panneau OSB 3 bords droits'],
          specs: [
            ['12 mm - 2,50 x 1,25 m', 14.5, { kg: 23, L: 2500, W: 1250, H: 12 }],
            ['18 mm - 2,50 x 0,675 m', 11.9, { kg: 19, L: 2500, W: 675, H: 18 }],
            ['22 mm - 2,50 x 0,675 m', 14.2, { kg: 23, L: 2500, W: 675, H: 22 }],
          ],
          brands: ['Kronospan', 'Egger', 'Smartply'],
          unit: 'PLQ',
          dimensionUnit: 'mm',
          description: 'Panneau de lamelles orientées pour planchers, contreventement et cloisons.',
        }),
        leaf('Agglomérés et MDF', {
          names: ['Panneau aggloméré brut', 'Panneau MDF standard', 'Panneau mélaminé blanc'],
          specs: [
            ['16 mm - 2,80 x 2,07 m', 29, { kg: 61, L: 2800, W: 2070, H: 16 }],
            ['19 mm - 2,80 x 2,07 m', 34, { kg: 72, L: 2800, W: 2070, H: 19 }],
            ['10 mm - 2,44 x 1,22 m', 15, { kg: 21, L: 2440, W: 1220, H: 10 }],
          ],
          brands: ['Egger', 'Kronospan', 'Finsa'],
          unit: 'PLQ',
          dimensionUnit: 'mm',
          description: 'Panneau de particules ou de fibres pour mobilier et agencement.',
        }),
      ]),
      node('Lames et parquets', [
        leaf('Parquets contrecollés', {
          names: [
            'Parquet contrecollé chêne vitrifié',
            'Parquet contrecollé chêne huilé',
            ['Parquet massif chêne brut', 1.4],
          ],
          specs: [
            ['14 mm - 1 frise', 39, { kg: 10, H: 14 }],
            ['14 mm - 3 frises', 29, { kg: 10, H: 14 }],
            ['21 mm - point de Hongrie', 69, { kg: 14, H: 21 }],
          ],
          brands: ['Panaget', 'Boen', 'Berry Alloc'],
          unit: 'M2',
          prepUnit: 'PAQ',
          dimensionUnit: 'mm',
          variants: { axes: [WOOD_TINTS], share: 0.35 },
          description: 'Revêtement de sol en bois noble, pose collée ou flottante.',
        }),
        leaf('Lambris et bardages', {
          names: ['Lambris sapin du Nord', 'Bardage douglas', 'Lame de terrasse pin traité'],
          specs: [
            ['13 x 100 mm', 12.5, { kg: 6, W: 100, H: 13 }],
            ['21 x 130 mm', 24, { kg: 11, W: 130, H: 21 }],
            ['27 x 145 mm', 29, { kg: 14, W: 145, H: 27 }],
          ],
          brands: ['Piveteaubois', 'Silverwood', 'Monnet-Sève'],
          unit: 'M2',
          dimensionUnit: 'mm',
          description: 'Lames en bois pour revêtements muraux, façades et terrasses.',
        }),
      ]),
    ],
  },
  {
    code: 'ME',
    label: 'Menuiserie',
    families: [
      node('Portes', [
        node('Portes intérieures', [
          leaf('Blocs-portes', {
            names: [
              'Bloc-porte isoplane prépeint',
              'Bloc-porte postformé à peindre',
              ['Bloc-porte chêne plaqué', 1.8],
            ],
            specs: [
              ['204 x 73 cm', 89, { kg: 22, H: 204, W: 73 }],
              ['204 x 83 cm', 95, { kg: 24, H: 204, W: 83 }],
              ['204 x 93 cm', 109, { kg: 26, H: 204, W: 93 }],
            ],
            brands: ['Jeld-Wen', 'Huet', 'Malerba'],
            unit: 'U',
            dimensionUnit: 'cm',
            attributes: { SENS: ['Poussant droit', 'Poussant gauche'] },
            description: 'Porte intérieure livrée avec son huisserie et sa quincaillerie.',
          }),
          leaf('Portes coulissantes', {
            names: ['Porte coulissante vitrée', 'Système coulissant à galandage', 'Porte coulissante pleine'],
            specs: [
              ['204 x 73 cm', 189, { kg: 25, H: 204, W: 73 }],
              ['204 x 83 cm', 205, { kg: 28, H: 204, W: 83 }],
            ],
            brands: ['Eclisse', 'Scrigno', 'Jeld-Wen'],
            unit: 'U',
            dimensionUnit: 'cm',
            description: 'Solution de gain de place pour passages intérieurs.',
          }),
        ]),
        leaf('Portes d’entrée', {
          names: ['Porte d’entrée acier isolante', 'Porte d’entrée aluminium vitrée', 'Porte de service PVC'],
          specs: [
            ['215 x 90 cm', 890, { kg: 65, H: 215, W: 90 }],
            ['200 x 80 cm', 690, { kg: 55, H: 200, W: 80 }],
          ],
          brands: ['Bel’m', 'Zilten', 'K•Line'],
          unit: 'U',
          dimensionUnit: 'cm',
          variants: { axes: [COLOURS], share: 0.4 },
          description: 'Porte d’entrée prête à poser, serrure multipoints.',
        }),
      ]),
      node('Fenêtres', [
        leaf('Fenêtres PVC', {
          names: [
            'Fenêtre PVC 2 vantaux',
            'Fenêtre PVC oscillo-battante 1 vantail',
            'Porte-fenêtre PVC 2 vantaux',
          ],
          specs: [
            ['125 x 100 cm', 289, { kg: 38, H: 125, W: 100 }],
            ['95 x 60 cm', 169, { kg: 22, H: 95, W: 60 }],
            ['215 x 120 cm', 469, { kg: 62, H: 215, W: 120 }],
          ],
          brands: ['Oknoplast', 'Lorenove', 'Tryba'],
          unit: 'U',
          dimensionUnit: 'cm',
          attributes: { VITRAGE: ['Double vitrage 4/16/4', 'Triple vitrage'] },
          description: 'Menuiserie PVC blanc à rupture de pont thermique.',
        }),
        leaf('Fenêtres aluminium', {
          names: ['Fenêtre aluminium 2 vantaux', 'Baie coulissante aluminium'],
          specs: [
            ['125 x 100 cm', 489, { kg: 34, H: 125, W: 100 }],
            ['215 x 240 cm', 1290, { kg: 110, H: 215, W: 240 }],
          ],
          brands: ['K•Line', 'Technal'],
          unit: 'U',
          dimensionUnit: 'cm',
          variants: { axes: [COLOURS], share: 0.3 },
          description: 'Menuiserie aluminium à profilés fins et grand clair de vitrage.',
        }),
        leaf('Fenêtres de toit', {
          names: ['Fenêtre de toit à rotation', 'Fenêtre de toit projection', 'Raccord d’étanchéité tuiles'],
          specs: [
            ['78 x 98 cm', 389, { kg: 20, H: 98, W: 78 }],
            ['114 x 118 cm', 549, { kg: 28, H: 118, W: 114 }],
            ['55 x 78 cm', 299, { kg: 14, H: 78, W: 55 }],
          ],
          brands: ['Velux', 'Fakro', 'Roto'],
          unit: 'U',
          dimensionUnit: 'cm',
          description: 'Fenêtre pour toiture en pente de 15 à 90°.',
        }),
      ]),
      node('Quincaillerie de menuiserie', [
        leaf('Poignées et béquilles', {
          names: [
            ['Ensemble béquilles sur rosaces', 1, [0, 1, 2]],
            ['Béquille double sur plaque', 1.1, [0, 1, 2]],
            ['Poignée de fenêtre', 1, [3, 4]],
          ],
          specs: [
            ['clé L', 14.5, { kg: 0.4 }],
            ['condamnation', 17.9, { kg: 0.45 }],
            ['bec de cane', 13.2, { kg: 0.4 }],
            ['à clé', 16.9, { kg: 0.3 }],
            ['standard', 9.9, { kg: 0.25 }],
          ],
          brands: ['Vachette', 'Bricard', 'Hoppe'],
          unit: 'U',
          variants: { axes: [FINISHES], share: 0.6 },
          description: 'Garniture de porte intérieure, fixation invisible.',
        }),
        leaf('Serrures et cylindres', {
          names: ['Serrure à larder', 'Cylindre européen', 'Serrure en applique'],
          specs: [
            ['30 x 30 mm', 24, { kg: 0.3 }],
            ['40 x 40 mm', 31, { kg: 0.35 }],
            ['axe 50 mm', 35, { kg: 0.9 }],
          ],
          brands: ['Vachette', 'Bricard', 'Abus'],
          unit: 'U',
          description: 'Organe de fermeture pour portes intérieures et d’entrée.',
        }),
        leaf('Paumelles et charnières', {
          names: ['Paumelle laiton', 'Charnière acier zingué', 'Paumelle à visser'],
          specs: [
            ['80 mm - lot de 4', 9.8, { kg: 0.5 }],
            ['110 mm - lot de 2', 8.2, { kg: 0.4 }],
            ['140 mm - lot de 2', 11.5, { kg: 0.6 }],
          ],
          brands: ['Vachette', 'Torbel'],
          unit: 'LOT',
          description: 'Articulation pour portes et volets.',
        }),
      ]),
    ],
  },
  {
    code: 'SP',
    label: 'Sanitaire et plomberie',
    families: [
      node('Tubes et raccords', [
        node('Cuivre', [
          leaf('Tubes cuivre', {
            names: ['Tube cuivre écroui', 'Tube cuivre recuit en couronne'],
            specs: [
              ['Ø 12 mm - 4 m', 24, { kg: 1.3, L: 4000, D: 12 }],
              ['Ø 14 mm - 4 m', 28, { kg: 1.5, L: 4000, D: 14 }],
              ['Ø 16 mm - 4 m', 33, { kg: 1.8, L: 4000, D: 16 }],
              ['Ø 22 mm - 4 m', 47, { kg: 2.5, L: 4000, D: 22 }],
            ],
            brands: ['KME', 'Wieland', 'Mueller'],
            unit: 'BAR',
            dimensionUnit: 'mm',
            description: 'Tube cuivre pour alimentation eau et gaz, conforme NF EN 1057.',
          }),
          leaf('Raccords cuivre à souder', {
            names: ['Coude cuivre 90° à souder', 'Té égal cuivre à souder', 'Manchon cuivre à souder'],
            specs: [
              ['Ø 12 mm - sachet de 10', 7.9, { kg: 0.1, D: 12 }],
              ['Ø 16 mm - sachet de 10', 11.5, { kg: 0.15, D: 16 }],
              ['Ø 22 mm - sachet de 5', 12.9, { kg: 0.2, D: 22 }],
            ],
            brands: ['Comap', 'Viega'],
            unit: 'PAQ',
            dimensionUnit: 'mm',
            description: 'Raccord à braser pour tubes cuivre.',
          }),
        ]),
        node('Multicouche et PER', [
          leaf('Tubes multicouche', {
            names: ['Tube multicouche nu', 'Tube multicouche gainé bleu', 'Tube multicouche gainé rouge'],
            specs: [
              ['Ø 16 mm - couronne 50 m', 69, { kg: 6, L: 50000, D: 16 }],
              ['Ø 20 mm - couronne 50 m', 99, { kg: 8, L: 50000, D: 20 }],
              ['Ø 16 mm - couronne 100 m', 129, { kg: 12, L: 100000, D: 16 }],
            ],
            brands: ['Henco', 'Comap', 'Uponor'],
            unit: 'RLX',
            dimensionUnit: 'mm',
            description: 'Tube PE-RT/alu/PE-RT pour chauffage et sanitaire.',
          }),
          leaf('Raccords à sertir', {
            names: ['Raccord à sertir droit', 'Coude à sertir', 'Té à sertir'],
            specs: [
              ['Ø 16 mm', 4.2, { kg: 0.05, D: 16 }],
              ['Ø 20 mm', 5.6, { kg: 0.07, D: 20 }],
              ['Ø 26 mm', 8.9, { kg: 0.1, D: 26 }],
            ],
            brands: ['Henco', 'Comap', 'Viega'],
            unit: 'U',
            dimensionUnit: 'mm',
            description: 'Raccord à sertir profil TH pour tube multicouche.',
          }),
          leaf('Tubes PER', {
            names: ['Tube PER nu', 'Tube PER prégainé bleu', 'Tube PER prégainé rouge'],
            specs: [
              ['Ø 12 mm - couronne 50 m', 34, { kg: 3, L: 50000, D: 12 }],
              ['Ø 16 mm - couronne 50 m', 44, { kg: 4, L: 50000, D: 16 }],
            ],
            brands: ['Comap', 'Uponor'],
            unit: 'RLX',
            dimensionUnit: 'mm',
            description: 'Tube en polyéthylène réticulé pour distribution sanitaire.',
          }),
        ]),
        node('PVC évacuation', [
          leaf('Tubes PVC évacuation', {
            names: ['Tube PVC évacuation NF Me', 'Tube PVC gris évacuation'],
            specs: [
              ['Ø 32 mm - 2 m', 4.9, { kg: 0.8, L: 2000, D: 32 }],
              ['Ø 40 mm - 2 m', 6.2, { kg: 1, L: 2000, D: 40 }],
              ['Ø 100 mm - 4 m', 19.5, { kg: 5.5, L: 4000, D: 100 }],
            ],
            brands: ['Nicoll', 'Girpi', 'Wavin'],
            unit: 'BAR',
            dimensionUnit: 'mm',
            description: 'Tube PVC pour évacuation des eaux usées et eaux vannes.',
          }),
          leaf('Coudes et manchons PVC', {
            names: ['Coude PVC 87°30 mâle-femelle', 'Manchon PVC femelle-femelle', 'Culotte PVC 45°'],
            specs: [
              ['Ø 32 mm', 1.2, { kg: 0.05, D: 32 }],
              ['Ø 40 mm', 1.5, { kg: 0.06, D: 40 }],
              ['Ø 100 mm', 5.9, { kg: 0.3, D: 100 }],
            ],
            brands: ['Nicoll', 'Girpi'],
            unit: 'U',
            dimensionUnit: 'mm',
            description: 'Raccord à coller pour réseaux d’évacuation.',
          }),
        ]),
      ]),
      node('Sanitaire', [
        node('WC', [
          leaf('WC suspendus', {
            names: ['Cuvette WC suspendue sans bride', 'Pack WC suspendu complet'],
            specs: [
              ['abattant frein de chute', 189, { kg: 22 }],
              ['abattant standard', 159, { kg: 21 }],
            ],
            brands: ['Jacob Delafon', 'Ideal Standard', 'Geberit'],
            unit: 'U',
            description: 'Cuvette en céramique à fixer sur bâti-support.',
          }),
          leaf('Packs WC', {
            names: ['Pack WC à poser sortie horizontale', 'Pack WC à poser sortie verticale'],
            specs: [
              ['réservoir 3/6 l', 169, { kg: 30, cap: 6 }],
              ['réservoir 2,6/4 l', 199, { kg: 31, cap: 4 }],
            ],
            brands: ['Jacob Delafon', 'Ideal Standard', 'Allia'],
            unit: 'U',
            description: 'Ensemble cuvette, réservoir et mécanisme double chasse.',
          }),
          leaf('Bâti-supports', {
            names: ['Bâti-support autoportant', 'Bâti-support pour cloison'],
            specs: [
              ['hauteur 112 cm', 219, { kg: 18, H: 112 }],
              ['hauteur 98 cm', 239, { kg: 17, H: 98 }],
            ],
            brands: ['Geberit', 'Grohe', 'Wirquin'],
            unit: 'U',
            dimensionUnit: 'cm',
            description: 'Structure de fixation et réservoir encastré pour WC suspendu.',
          }),
        ]),
        leaf('Lavabos et vasques', {
          names: ['Lavabo céramique', 'Vasque à poser', 'Plan vasque résine'],
          specs: [
            ['55 cm', 69, { kg: 14, L: 55 }],
            ['60 cm', 89, { kg: 16, L: 60 }],
            ['80 cm', 149, { kg: 21, L: 80 }],
          ],
          brands: ['Jacob Delafon', 'Ideal Standard', 'Allibert'],
          unit: 'U',
          dimensionUnit: 'cm',
          description: 'Appareil sanitaire pour salle de bains et cabinet de toilette.',
        }),
        node('Robinetterie', [
          leaf('Mitigeurs lavabo', {
            names: ['Mitigeur lavabo', 'Mitigeur lavabo bec haut', 'Robinet temporisé lavabo'],
            specs: [
              ['avec vidage', 69, { kg: 1.5 }],
              ['sans vidage', 59, { kg: 1.3 }],
            ],
            brands: ['Grohe', 'Hansgrohe', 'Presto'],
            unit: 'U',
            variants: { axes: [FINISHES], share: 0.3 },
            description: 'Robinetterie monocommande à cartouche céramique.',
          }),
          leaf('Mitigeurs douche', {
            names: [
              'Mitigeur thermostatique douche',
              'Colonne de douche thermostatique',
              'Mitigeur douche mural',
            ],
            specs: [
              ['entraxe 150 mm', 119, { kg: 2.2 }],
              ['avec flexible et douchette', 149, { kg: 2.8 }],
            ],
            brands: ['Grohe', 'Hansgrohe', 'Jacob Delafon'],
            unit: 'U',
            description: 'Robinetterie de douche avec butée de sécurité à 38 °C.',
          }),
          leaf('Robinets d’arrêt', {
            names: [
              'Robinet d’arrêt à boisseau sphérique',
              'Vanne quart de tour',
              'Robinet de machine à laver',
            ],
            specs: [
              ['15 x 21', 7.9, { kg: 0.2 }],
              ['20 x 27', 10.5, { kg: 0.3 }],
              ['26 x 34', 16.9, { kg: 0.45 }],
            ],
            brands: ['Comap', 'Watts', 'Sferaco'],
            unit: 'U',
            description: 'Organe de coupure pour réseaux d’eau.',
          }),
        ]),
        leaf('Douche', {
          names: [
            'Receveur de douche extra-plat',
            'Paroi de douche fixe verre 8 mm',
            'Porte de douche pivotante',
          ],
          specs: [
            ['80 x 80 cm', 139, { kg: 18, L: 80, W: 80 }],
            ['90 x 120 cm', 219, { kg: 28, L: 120, W: 90 }],
            ['80 x 140 cm', 259, { kg: 32, L: 140, W: 80 }],
          ],
          brands: ['Kinedo', 'Jacob Delafon', 'Aurlane'],
          unit: 'U',
          dimensionUnit: 'cm',
          description: 'Équipement de douche pour salle de bains neuve ou en rénovation.',
        }),
        leaf('Accessibilité PMR', {
          names: ['Barre d’appui droite', 'Siège de douche rabattable', 'Barre d’appui coudée 135°'],
          specs: [
            ['30 cm', 29, { kg: 0.6, L: 30 }],
            ['60 cm', 39, { kg: 0.9, L: 60 }],
          ],
          brands: ['Pellet', 'Nyma', 'Delabie'],
          unit: 'U',
          vat: 5.5,
          dimensionUnit: 'cm',
          description: 'Équipement sanitaire pour personnes à mobilité réduite.',
        }),
      ]),
      node('Chauffage et eau chaude', [
        leaf('Chauffe-eau électriques', {
          names: ['Chauffe-eau électrique vertical mural', 'Chauffe-eau stéatite', 'Chauffe-eau plat'],
          specs: [
            ['100 l', 289, { kg: 32, cap: 100 }],
            ['150 l', 349, { kg: 40, cap: 150 }],
            ['200 l', 419, { kg: 48, cap: 200 }],
          ],
          brands: ['Atlantic', 'Thermor', 'Ariston'],
          unit: 'U',
          description: 'Production d’eau chaude sanitaire à accumulation.',
        }),
        leaf('Radiateurs', {
          names: ['Radiateur acier à eau', 'Radiateur électrique à inertie', 'Sèche-serviettes électrique'],
          specs: [
            ['1000 W', 229, { kg: 18 }],
            ['1500 W', 289, { kg: 24 }],
            ['2000 W', 349, { kg: 29 }],
          ],
          brands: ['Atlantic', 'Acova', 'Finimetal'],
          unit: 'U',
          description: 'Émetteur de chaleur pour habitat neuf et rénovation.',
        }),
      ]),
    ],
  },
  {
    code: 'EL',
    label: 'Électricité',
    families: [
      node('Câbles et gaines', [
        leaf('Câbles R2V', {
          names: ['Câble R2V 3G1,5', 'Câble R2V 3G2,5', 'Câble R2V 5G6'],
          specs: [
            ['couronne 50 m', 49, { kg: 6, L: 50 }],
            ['couronne 100 m', 92, { kg: 12, L: 100 }],
            ['au mètre', 1.1, { kg: 0.12, L: 1 }],
          ],
          brands: ['Nexans', 'Prysmian', 'Général Câble'],
          unit: 'RLX',
          dimensionUnit: 'm',
          description: 'Câble rigide pour installations fixes intérieures et enterrées sous fourreau.',
        }),
        leaf('Fils H07V-U', {
          names: ['Fil H07V-U 1,5 mm²', 'Fil H07V-U 2,5 mm²', 'Fil H07V-R 6 mm²'],
          specs: [
            ['bleu - couronne 100 m', 29, { kg: 2, L: 100 }],
            ['rouge - couronne 100 m', 29, { kg: 2, L: 100 }],
            ['vert/jaune - couronne 100 m', 29, { kg: 2, L: 100 }],
          ],
          brands: ['Nexans', 'Prysmian'],
          unit: 'RLX',
          dimensionUnit: 'm',
          description: 'Conducteur rigide à tirer dans les conduits.',
        }),
        leaf('Gaines ICTA', {
          names: ['Gaine ICTA avec tire-fil', 'Gaine TPC rouge', 'Conduit IRL'],
          specs: [
            ['Ø 16 mm - 100 m', 24, { kg: 3, L: 100000, D: 16 }],
            ['Ø 20 mm - 100 m', 31, { kg: 4, L: 100000, D: 20 }],
            ['Ø 25 mm - 50 m', 27, { kg: 3, L: 50000, D: 25 }],
          ],
          brands: ['Courant', 'Iboco', 'Legrand'],
          unit: 'RLX',
          dimensionUnit: 'mm',
          description: 'Conduit annelé pour encastrement dans les cloisons et dalles.',
        }),
      ]),
      node('Appareillage', [
        leaf('Interrupteurs', {
          names: ['Interrupteur va-et-vient', 'Bouton poussoir', 'Double interrupteur va-et-vient'],
          specs: [
            ['complet', 8.9, { kg: 0.1 }],
            ['mécanisme seul', 5.4, { kg: 0.07 }],
          ],
          brands: ['Legrand', 'Schneider Electric', 'Hager'],
          unit: 'U',
          variants: { axes: [FINISHES], share: 0.5 },
          description: 'Appareillage à encastrer, fixation à vis ou à griffes.',
        }),
        leaf('Prises de courant', {
          names: ['Prise 2P+T à puits', 'Prise double 2P+T', 'Prise RJ45 catégorie 6'],
          specs: [
            ['complète', 9.5, { kg: 0.1 }],
            ['mécanisme seul', 6.1, { kg: 0.07 }],
          ],
          brands: ['Legrand', 'Schneider Electric', 'Hager'],
          unit: 'U',
          variants: { axes: [FINISHES], share: 0.5 },
          description: 'Prise de courant à encastrer, bornes automatiques.',
        }),
        leaf('Boîtes d’encastrement', {
          names: [
            'Boîte d’encastrement cloison sèche',
            'Boîte d’encastrement maçonnerie',
            'Boîte de dérivation étanche',
          ],
          specs: [
            ['1 poste', 0.9, { kg: 0.03 }],
            ['2 postes', 1.9, { kg: 0.06 }],
            ['lot de 10', 7.9, { kg: 0.3 }],
          ],
          brands: ['Legrand', 'Schneider Electric', 'Eur’Ohm'],
          unit: 'U',
          description: 'Boîte d’appareillage ou de raccordement.',
        }),
      ]),
      node('Tableaux électriques', [
        leaf('Disjoncteurs', {
          names: ['Disjoncteur phase-neutre', 'Disjoncteur à vis', 'Disjoncteur divisionnaire'],
          specs: [
            ['10 A', 7.5, { kg: 0.1 }],
            ['16 A', 7.5, { kg: 0.1 }],
            ['20 A', 7.9, { kg: 0.1 }],
            ['32 A', 11.5, { kg: 0.12 }],
          ],
          brands: ['Legrand', 'Schneider Electric', 'Hager'],
          unit: 'U',
          description: 'Protection des circuits contre les surcharges et courts-circuits.',
        }),
        leaf('Interrupteurs différentiels', {
          names: ['Interrupteur différentiel 30 mA type AC', 'Interrupteur différentiel 30 mA type A'],
          specs: [
            ['40 A', 39, { kg: 0.25 }],
            ['63 A', 59, { kg: 0.3 }],
          ],
          brands: ['Legrand', 'Schneider Electric', 'Hager'],
          unit: 'U',
          description: 'Protection des personnes contre les défauts d’isolement.',
        }),
        leaf('Coffrets', {
          names: ['Coffret électrique nu', 'Tableau électrique pré-équipé'],
          specs: [
            ['1 rangée - 13 modules', 29, { kg: 1.2 }],
            ['2 rangées - 26 modules', 49, { kg: 2.2 }],
            ['4 rangées - 52 modules', 99, { kg: 4.5 }],
          ],
          brands: ['Legrand', 'Schneider Electric', 'Hager'],
          unit: 'U',
          description: 'Enveloppe pour appareillage modulaire.',
        }),
      ]),
      node('Éclairage', [
        leaf('Spots LED', {
          names: ['Spot LED encastrable orientable', 'Spot LED extra-plat', 'Kit 3 spots LED'],
          specs: [
            ['5 W - 3000 K', 12.9, { kg: 0.15 }],
            ['7 W - 4000 K', 14.9, { kg: 0.18 }],
          ],
          brands: ['Aric', 'Philips', 'Ledvance'],
          unit: 'U',
          variants: { axes: [FINISHES], share: 0.4 },
          description: 'Luminaire encastré basse consommation.',
        }),
        leaf('Hublots et réglettes', {
          names: ['Hublot LED étanche IP65', 'Réglette LED étanche', 'Projecteur LED extérieur'],
          specs: [
            ['12 W', 19.9, { kg: 0.6 }],
            ['20 W', 27.5, { kg: 0.9 }],
            ['50 W', 45, { kg: 1.6 }],
          ],
          brands: ['Aric', 'Ledvance', 'Sylvania'],
          unit: 'U',
          description: 'Éclairage pour locaux techniques, garages et extérieurs.',
        }),
        leaf('Ampoules LED', {
          names: ['Ampoule LED standard E27', 'Ampoule LED GU10', 'Ampoule LED flamme E14'],
          specs: [
            ['806 lm', 4.9, { kg: 0.05 }],
            ['470 lm', 3.9, { kg: 0.04 }],
            ['lot de 3', 11.5, { kg: 0.15 }],
          ],
          brands: ['Philips', 'Ledvance', 'Sylvania'],
          unit: 'U',
          description: 'Lampe LED à longue durée de vie.',
        }),
      ]),
    ],
  },
  {
    code: 'CR',
    label: 'Carrelage et revêtements',
    families: [
      node('Carrelage', [
        leaf('Carrelage sol intérieur', {
          names: [
            'Carrelage grès cérame effet béton',
            'Carrelage grès cérame effet pierre',
            ['Carrelage grès cérame effet marbre', 1.3],
            'Carrelage grès émaillé',
          ],
          specs: [
            ['rectifié', 24.9, { kg: 22, H: 9 }],
            ['non rectifié', 18.9, { kg: 21, H: 8 }],
          ],
          brands: ['Marazzi', 'Novoceram', 'Porcelanosa', 'Casalgrande Padana'],
          unit: 'M2',
          prepUnit: 'CAR',
          dimensionUnit: 'mm',
          variants: { axes: [COLOURS, TILE_FORMATS], share: 0.5 },
          attributes: { CLASSEMENT_UPEC: ['U4 P3 E3 C2', 'U3 P3 E2 C1'] },
          description: 'Carrelage de sol pour pièces de vie, pose collée.',
        }),
        leaf('Carrelage mural', {
          names: ['Faïence murale brillante', 'Faïence murale mate', 'Carreau métro biseauté'],
          specs: [
            ['20 x 60 cm', 21.5, { kg: 16, H: 8 }],
            ['7,5 x 15 cm', 29.9, { kg: 15, H: 8 }],
            ['30 x 90 cm', 34.5, { kg: 18, H: 9 }],
          ],
          brands: ['Marazzi', 'Novoceram', 'Equipe'],
          unit: 'M2',
          prepUnit: 'CAR',
          dimensionUnit: 'mm',
          variants: { axes: [COLOURS], share: 0.6 },
          description: 'Revêtement mural pour cuisines et salles de bains.',
        }),
        leaf('Carrelage extérieur', {
          names: ['Dalle grès cérame 20 mm', 'Carrelage antidérapant R11', 'Margelle de piscine'],
          specs: [
            ['60 x 60 cm', 39.9, { kg: 45, H: 20 }],
            ['40 x 80 cm', 44.5, { kg: 45, H: 20 }],
          ],
          brands: ['Marazzi', 'Casalgrande Padana', 'Novoceram'],
          unit: 'M2',
          prepUnit: 'CAR',
          dimensionUnit: 'mm',
          variants: { axes: [COLOURS], share: 0.4 },
          description: 'Revêtement ingélif pour terrasses et plages de piscine.',
        }),
      ]),
      node('Colles et joints', [
        leaf('Mortiers-colles', {
          names: ['Mortier-colle C2 S1', 'Mortier-colle C2 ES1 grands formats', 'Mortier-colle flex C2 TE'],
          specs: [
            ['sac 25 kg', 18.9, { kg: 25 }],
            ['sac 15 kg', 14.5, { kg: 15 }],
          ],
          brands: ['Weber', 'Parexlanko', 'Mapei', 'Sika'],
          unit: 'SAC',
          prepUnit: 'PAL',
          description: 'Colle en poudre pour carrelage sol et mur, intérieur et extérieur.',
        }),
        leaf('Joints carrelage', {
          names: ['Joint carrelage fin', 'Joint carrelage large', 'Joint époxy'],
          specs: [
            ['sac 5 kg', 12.9, { kg: 5 }],
            ['seau 2 kg', 29.5, { kg: 2 }],
          ],
          brands: ['Weber', 'Mapei', 'Parexlanko'],
          unit: 'U',
          variants: { axes: [COLOURS], share: 0.7 },
          description: 'Mortier de jointoiement hydrofugé.',
        }),
      ]),
      leaf('Sols souples', {
        names: ['Lame PVC clipsable', 'Sol vinyle en rouleau', 'Lame PVC à coller'],
        specs: [
          ['4 mm - effet chêne', 19.9, { kg: 8, H: 4 }],
          ['5 mm - effet béton', 24.9, { kg: 9, H: 5 }],
        ],
        brands: ['Gerflor', 'Tarkett', 'Forbo'],
        unit: 'M2',
        prepUnit: 'PAQ',
        dimensionUnit: 'mm',
        description: 'Revêtement de sol résilient, confortable et facile d’entretien.',
      }),
    ],
  },
  {
    code: 'PD',
    label: 'Peinture et droguerie',
    families: [
      node('Peintures', [
        leaf('Peintures intérieures', {
          names: [
            'Peinture acrylique mate',
            'Peinture acrylique satinée',
            'Peinture plafond blanc mat',
            ['Peinture cuisine et bains', 1.25],
          ],
          specs: [
            ['pot 2,5 l', 29, { kg: 3.6, cap: 2.5 }],
            ['pot 10 l', 89, { kg: 14, cap: 10 }],
            ['pot 15 l', 119, { kg: 21, cap: 15 }],
          ],
          brands: ['Tollens', 'Seigneurie', 'Zolpan', 'Dulux Valentine'],
          unit: 'POT',
          variants: { axes: [COLOURS], share: 0.6 },
          attributes: { EMISSIONS_COV: ['A+'] },
          description: 'Peinture en phase aqueuse pour murs et plafonds, faible odeur.',
        }),
        leaf('Peintures façade', {
          names: ['Peinture façade pliolite', 'Peinture façade siloxane', 'Revêtement semi-épais façade'],
          specs: [
            ['pot 10 l', 109, { kg: 15, cap: 10 }],
            ['pot 15 l', 149, { kg: 22, cap: 15 }],
          ],
          brands: ['Tollens', 'Seigneurie', 'Zolpan'],
          unit: 'POT',
          variants: { axes: [COLOURS], share: 0.5 },
          description: 'Protection et décoration des façades, résiste aux intempéries.',
        }),
        leaf('Sous-couches', {
          names: ['Sous-couche universelle', 'Impression plaques de plâtre', 'Primaire d’accrochage'],
          specs: [
            ['pot 2,5 l', 24, { kg: 3.5, cap: 2.5 }],
            ['pot 10 l', 69, { kg: 14, cap: 10 }],
          ],
          brands: ['Tollens', 'Zolpan', 'Sikkens'],
          unit: 'POT',
          description: 'Préparation des supports avant mise en peinture.',
        }),
        leaf('Lasures et vernis', {
          names: ['Lasure bois haute protection', 'Vernis parquet vitrificateur', 'Saturateur bois terrasse'],
          specs: [
            ['pot 1 l', 19.9, { kg: 1.1, cap: 1 }],
            ['pot 2,5 l', 39.9, { kg: 2.7, cap: 2.5 }],
            ['pot 5 l', 69, { kg: 5.4, cap: 5 }],
          ],
          brands: ['Sikkens', 'Xyladecor', 'Blanchon'],
          unit: 'POT',
          variants: { axes: [WOOD_TINTS], share: 0.7 },
          description: 'Protection et décoration des bois intérieurs et extérieurs.',
        }),
      ]),
      node('Outils du peintre', [
        leaf('Rouleaux et pinceaux', {
          names: ['Rouleau polyamide tissé', 'Brosse à rechampir', 'Manchon microfibre'],
          specs: [
            ['180 mm', 9.9, { kg: 0.3 }],
            ['230 mm', 12.5, { kg: 0.35 }],
            ['50 mm', 6.9, { kg: 0.1 }],
          ],
          brands: ['L’Outil Parfait', 'Roulor', 'Savy'],
          unit: 'U',
          description: 'Application des peintures et lasures.',
        }),
        leaf('Protection et préparation', {
          names: [
            ['Bâche de protection polyane', 1, [0, 1]],
            ['Ruban de masquage', 1, [2, 3]],
            ['Toile abrasive grain 120', 1, [4]],
          ],
          specs: [
            ['4 x 5 m', 4.9, { kg: 0.5 }],
            ['4 x 25 m', 16.9, { kg: 2.4 }],
            ['25 mm x 50 m', 3.5, { kg: 0.1 }],
            ['50 mm x 50 m', 5.5, { kg: 0.2 }],
            ['rouleau 115 mm x 25 m', 14.9, { kg: 1 }],
          ],
          brands: ['Tesa', 'Nespoli', 'Norton'],
          unit: 'U',
          description: 'Protection des sols et menuiseries, préparation des fonds.',
        }),
      ]),
      leaf('Mastics et silicones', {
        names: [
          'Mastic silicone sanitaire',
          'Mastic acrylique de rebouchage',
          'Mastic polyuréthane fixation',
        ],
        specs: [
          ['cartouche 310 ml', 7.9, { kg: 0.4, cap: 0.31 }],
          ['carton de 12 cartouches', 84, { kg: 5, cap: 3.72 }],
        ],
        brands: ['Sika', 'Rubson', 'Soudal', 'Geb'],
        unit: 'U',
        prepUnit: 'CAR',
        variants: { axes: [COLOURS], share: 0.3 },
        description: 'Étanchéité et collage des joints en intérieur et extérieur.',
      }),
      leaf('Documentation technique', {
        names: ['Guide pratique de la maçonnerie', 'Mémento du plaquiste', 'Le carrelage, pose et finitions'],
        specs: [
          ['édition 2024', 29, { kg: 0.8 }],
          ['édition de poche', 14.5, { kg: 0.3 }],
        ],
        brands: ['Éditions Eyrolles', 'Éditions du Moniteur'],
        unit: 'U',
        vat: 5.5,
        description: 'Ouvrage technique de référence pour les professionnels du bâtiment.',
      }),
    ],
  },
  {
    code: 'OU',
    label: 'Outillage',
    families: [
      node('Outillage à main', [
        leaf('Truelles et platoirs', {
          names: ['Truelle de maçon ronde', 'Platoir inox', 'Taloche polystyrène', 'Lisseuse à enduit'],
          specs: [
            ['180 mm', 11.9, { kg: 0.3 }],
            ['240 mm', 14.5, { kg: 0.4 }],
            ['280 mm', 17.9, { kg: 0.5 }],
          ],
          brands: ['Taliaplast', 'Outibat', 'Edma'],
          unit: 'U',
          description: 'Outil de maçon et de plâtrier, manche bois ou bi-matière.',
        }),
        leaf('Marteaux et massettes', {
          names: ['Marteau de coffreur', 'Massette de maçon', 'Marteau de charpentier'],
          specs: [
            ['600 g', 19.9, { kg: 0.8 }],
            ['1 kg', 24.9, { kg: 1.2 }],
            ['1,5 kg', 29.9, { kg: 1.7 }],
          ],
          brands: ['Stanley', 'Leborgne', 'Picard'],
          unit: 'U',
          description: 'Outil de frappe à manche graphite ou bois.',
        }),
        leaf('Niveaux et mesure', {
          names: [
            ['Niveau tubulaire aluminium', 1, [0, 1, 2]],
            ['Mètre ruban', 1, [3, 4]],
            ['Décamètre fibre', 1, [5, 6]],
            ['Niveau laser croix', 1, [7]],
          ],
          specs: [
            ['40 cm', 14.9, { kg: 0.3 }],
            ['80 cm', 24.9, { kg: 0.6 }],
            ['120 cm', 34.9, { kg: 0.9 }],
            ['5 m', 9.9, { kg: 0.2 }],
            ['8 m', 14.9, { kg: 0.35 }],
            ['20 m', 19.9, { kg: 0.5 }],
            ['30 m', 26.9, { kg: 0.6 }],
            ['portée 15 m', 119, { kg: 0.6 }],
          ],
          brands: ['Stanley', 'Stabila', 'Bosch'],
          unit: 'U',
          description: 'Outil de mesure et de mise à niveau pour le chantier.',
        }),
      ]),
      node('Outillage électroportatif', [
        leaf('Perceuses et perforateurs', {
          names: ['Perceuse-visseuse sans fil 18 V', 'Perforateur SDS-Plus', 'Visseuse à choc 18 V'],
          specs: [
            ['machine nue', 129, { kg: 1.8 }],
            ['2 batteries 4 Ah et chargeur', 289, { kg: 3.2 }],
            ['coffret complet', 349, { kg: 4.5 }],
          ],
          brands: ['Makita', 'Bosch Professional', 'DeWalt', 'Milwaukee'],
          unit: 'U',
          description: 'Machine professionnelle pour perçage et vissage.',
        }),
        leaf('Meuleuses et scies', {
          names: [
            ['Meuleuse d’angle', 1, [0, 1]],
            ['Scie circulaire', 1, [2, 3]],
            ['Scie sauteuse pendulaire', 1, [4]],
          ],
          specs: [
            ['125 mm - 1200 W', 99, { kg: 2.4 }],
            ['230 mm - 2200 W', 169, { kg: 5.5 }],
            ['190 mm - 1400 W', 189, { kg: 4.2 }],
            ['165 mm sans fil 18 V', 219, { kg: 3.1 }],
            ['720 W', 129, { kg: 2.3 }],
          ],
          brands: ['Makita', 'Bosch Professional', 'DeWalt'],
          unit: 'U',
          description: 'Machine de coupe et de tronçonnage pour le chantier.',
        }),
      ]),
      node('Consommables', [
        leaf('Disques et forets', {
          names: [
            ['Disque diamant béton', 1, [0, 1]],
            ['Disque à tronçonner métal', 0.2, [0, 1]],
            ['Foret béton SDS-Plus', 1, [2, 3, 4]],
            ['Foret métal HSS', 0.8, [2, 3, 4]],
          ],
          specs: [
            ['Ø 125 mm', 19.9, { kg: 0.2, D: 125 }],
            ['Ø 230 mm', 49.9, { kg: 0.6, D: 230 }],
            ['Ø 6 mm', 3.9, { kg: 0.04, D: 6 }],
            ['Ø 8 mm', 4.9, { kg: 0.05, D: 8 }],
            ['Ø 10 mm', 5.9, { kg: 0.07, D: 10 }],
          ],
          brands: ['Diager', 'Bosch Professional', 'Tivoly'],
          unit: 'U',
          dimensionUnit: 'mm',
          description: 'Accessoire d’usure pour machines électroportatives.',
        }),
        node('Vis et chevilles', [
          leaf('Vis à bois', {
            names: ['Vis agglo tête fraisée Pozidriv', 'Vis terrasse inox A2', 'Tire-fond tête hexagonale'],
            specs: [
              ['4 x 40 mm - boîte de 200', 7.9, { kg: 0.6 }],
              ['5 x 60 mm - boîte de 200', 12.9, { kg: 1.1 }],
              ['6 x 80 mm - boîte de 100', 14.9, { kg: 1.3 }],
            ],
            brands: ['Spit', 'Fischer', 'Würth'],
            unit: 'BTE',
            description: 'Visserie pour assemblages bois et panneaux.',
          }),
          leaf('Vis plaques de plâtre', {
            names: ['Vis TTPC plaque/métal', 'Vis TTPC plaque/bois', 'Vis autoperceuse TRPF'],
            specs: [
              ['25 mm - boîte de 1000', 12.5, { kg: 1.6 }],
              ['35 mm - boîte de 1000', 14.9, { kg: 2 }],
              ['45 mm - boîte de 500', 11.9, { kg: 1.5 }],
            ],
            brands: ['Placo', 'Spit', 'Würth'],
            unit: 'BTE',
            description: 'Vis phosphatée pour fixation des plaques sur ossature.',
          }),
          leaf('Chevilles', {
            names: [
              ['Cheville nylon universelle', 1, [0, 1]],
              ['Cheville à expansion métallique', 2.2, [0, 1]],
              ['Scellement chimique polyester', 1, [2]],
              ['Scellement chimique vinylester', 1.4, [2]],
            ],
            specs: [
              ['Ø 6 mm - boîte de 100', 6.9, { kg: 0.2 }],
              ['Ø 8 mm - boîte de 100', 8.9, { kg: 0.3 }],
              ['cartouche 300 ml', 16.9, { kg: 0.5, cap: 0.3 }],
            ],
            brands: ['Fischer', 'Spit', 'Hilti'],
            unit: 'BTE',
            description: 'Fixation dans les matériaux pleins et creux.',
          }),
        ]),
      ]),
      node('Équipements de protection', [
        leaf('Gants de travail', {
          names: [
            'Gants de manutention enduits nitrile',
            'Gants anti-coupure niveau C',
            'Gants de maçon latex',
          ],
          specs: [
            ['paire', 3.9, { kg: 0.08 }],
            ['lot de 12 paires', 39, { kg: 1 }],
          ],
          brands: ['Mapa', 'Delta Plus', 'Singer'],
          unit: 'U',
          variants: { axes: [GLOVE_SIZES], share: 0.8 },
          description: 'Protection des mains pour travaux de chantier.',
        }),
        leaf('Chaussures de sécurité', {
          names: [
            'Chaussures de sécurité basses S3',
            'Chaussures de sécurité montantes S3',
            'Bottes de sécurité S5',
          ],
          specs: [
            ['SRC', 59, { kg: 1.4 }],
            ['composite', 79, { kg: 1.2 }],
          ],
          brands: ['Parade', 'Delta Plus', 'Lemaitre'],
          unit: 'U',
          variants: { axes: [SHOE_SIZES], share: 0.9 },
          description: 'Chaussure avec embout de protection et semelle anti-perforation.',
        }),
        leaf('Casques et lunettes', {
          names: ['Casque de chantier ventilé', 'Lunettes de protection', 'Casque antibruit'],
          specs: [
            ['standard', 12.9, { kg: 0.35 }],
            ['confort', 19.9, { kg: 0.4 }],
          ],
          brands: ['3M', 'Delta Plus', 'Bollé Safety'],
          unit: 'U',
          description: 'Protection de la tête, des yeux et de l’ouïe.',
        }),
      ]),
    ],
  },
  {
    code: 'AE',
    label: 'Aménagement extérieur',
    families: [
      node('Pavés et dalles', [
        leaf('Pavés', {
          names: ['Pavé béton autobloquant', 'Pavé drainant', 'Pavé granit'],
          specs: [
            ['ép. 6 cm', 19.5, { kg: 130, H: 6 }],
            ['ép. 8 cm', 23.9, { kg: 175, H: 8 }],
          ],
          brands: ['Alkern', 'Stradal', 'Fabemi'],
          unit: 'M2',
          prepUnit: 'PAL',
          dimensionUnit: 'cm',
          variants: { axes: [COLOURS], share: 0.5 },
          description: 'Revêtement modulaire pour allées, cours et parkings.',
        }),
        leaf('Dalles de terrasse', {
          names: ['Dalle béton aspect pierre', 'Dalle gravillonnée', 'Dalle sur plots'],
          specs: [
            ['40 x 40 cm', 3.2, { kg: 18, L: 40, W: 40 }],
            ['50 x 50 cm', 4.9, { kg: 28, L: 50, W: 50 }],
            ['60 x 40 cm', 5.6, { kg: 27, L: 60, W: 40 }],
          ],
          brands: ['Alkern', 'Fabemi', 'Stradal'],
          unit: 'U',
          prepUnit: 'PAL',
          dimensionUnit: 'cm',
          description: 'Dalle pour terrasses et abords de piscine.',
        }),
      ]),
      leaf('Bordures', {
        names: ['Bordure de jardin béton', 'Bordure de trottoir T2', 'Bordure pavé rustique'],
        specs: [
          ['100 x 20 x 5 cm', 4.5, { kg: 22, L: 100, W: 5, H: 20 }],
          ['100 x 25 x 12 cm', 7.9, { kg: 65, L: 100, W: 12, H: 25 }],
        ],
        brands: ['Alkern', 'Bonna Sabla', 'Stradal'],
        unit: 'U',
        prepUnit: 'PAL',
        dimensionUnit: 'cm',
        description: 'Délimitation des allées, massifs et voiries.',
      }),
      node('Clôtures', [
        leaf('Panneaux rigides', {
          names: ['Panneau rigide soudé fil 4 mm', 'Panneau rigide fil 5 mm'],
          specs: [
            ['hauteur 1,23 m', 29, { kg: 14, L: 2.5, H: 1.23 }],
            ['hauteur 1,53 m', 36, { kg: 17, L: 2.5, H: 1.53 }],
            ['hauteur 1,73 m', 41, { kg: 19, L: 2.5, H: 1.73 }],
          ],
          brands: ['Dirickx', 'Betafence', 'Axiome'],
          unit: 'U',
          dimensionUnit: 'm',
          variants: {
            axes: [
              {
                attribute: 'COULEUR',
                values: [
                  ['Vert RAL 6005', 1],
                  ['Gris anthracite RAL 7016', 1.06],
                  ['Blanc RAL 9010', 1.06],
                ],
              },
            ],
            share: 0.9,
          },
          description: 'Panneau de clôture en acier galvanisé plastifié.',
        }),
        leaf('Grillages et poteaux', {
          names: [
            ['Grillage soudé plastifié', 1, [0, 1]],
            ['Grillage simple torsion', 1.2, [0, 1]],
            ['Poteau à encoches', 1, [2, 3]],
          ],
          specs: [
            ['1,20 x 25 m', 49, { kg: 18, L: 25, H: 1.2 }],
            ['1,50 x 25 m', 59, { kg: 22, L: 25, H: 1.5 }],
            ['hauteur 1,50 m', 12.9, { kg: 4, H: 1.5 }],
            ['hauteur 1,80 m', 14.9, { kg: 4.8, H: 1.8 }],
          ],
          brands: ['Dirickx', 'Betafence'],
          unit: 'U',
          dimensionUnit: 'm',
          description: 'Clôture souple et ses supports.',
        }),
      ]),
      leaf('Terreaux et amendements', {
        names: [
          ['Terre végétale criblée', 1, [0, 1]],
          ['Terreau universel', 1.3, [0, 1]],
          ['Gazon en rouleau', 1, [2]],
        ],
        specs: [
          ['sac 40 l', 6.9, { kg: 25, cap: 40 }],
          ['big bag 1 m³', 69, { kg: 900, cap: 1000 }],
          ['rouleau 1 m²', 4.9, { kg: 20 }],
        ],
        brands: ['Florentaise', 'Or Brun', 'Carrières du Rhône'],
        unit: 'U',
        vat: 10,
        description: 'Support de culture pour massifs, potagers et engazonnement.',
      }),
    ],
  },
  {
    code: 'CZ',
    label: 'Couverture et zinguerie',
    families: [
      node('Tuiles et accessoires', [
        leaf('Tuiles', {
          names: ['Tuile terre cuite à emboîtement', 'Tuile canal', 'Tuile béton'],
          specs: [
            ['grand moule - 10 au m²', 1.45, { kg: 4.2 }],
            ['petit moule - 22 au m²', 0.79, { kg: 2.3 }],
          ],
          brands: ['Terreal', 'Edilians', 'Monier'],
          unit: 'U',
          prepUnit: 'PAL',
          variants: {
            axes: [
              {
                attribute: 'COULEUR',
                values: [
                  ['Rouge', 1],
                  ['Vieilli', 1.05],
                  ['Brun', 1.05],
                  ['Ardoisé', 1.08],
                ],
              },
            ],
            share: 0.7,
          },
          description: 'Élément de couverture pour toitures en pente.',
        }),
        leaf('Écrans sous-toiture', {
          names: [
            ['Écran sous-toiture HPV', 1, [0, 1]],
            ['Pare-vapeur', 0.7, [0, 1]],
            ['Closoir ventilé', 1, [2]],
          ],
          specs: [
            ['rouleau 1,50 x 50 m', 89, { kg: 10, L: 50, W: 1.5 }],
            ['rouleau 1,50 x 25 m', 49, { kg: 5, L: 25, W: 1.5 }],
            ['rouleau 0,30 x 5 m', 24, { kg: 1.5, L: 5, W: 0.3 }],
          ],
          brands: ['Delta', 'Ondutiss', 'Siplast'],
          unit: 'RLX',
          dimensionUnit: 'm',
          description: 'Protection de l’isolant et de la charpente sous la couverture.',
        }),
      ]),
      leaf('Gouttières et descentes', {
        names: [
          ['Gouttière zinc demi-ronde', 1, [0, 1]],
          ['Gouttière PVC', 0.45, [0, 1]],
          ['Tuyau de descente zinc', 1, [2, 3]],
          ['Tuyau de descente PVC', 0.4, [2, 3]],
        ],
        specs: [
          ['développé 25 - 2 m', 19.9, { kg: 2.6, L: 2000 }],
          ['développé 33 - 2 m', 26.5, { kg: 3.4, L: 2000 }],
          ['Ø 80 mm - 2 m', 22.9, { kg: 2.8, L: 2000, D: 80 }],
          ['Ø 100 mm - 2 m', 27.9, { kg: 3.4, L: 2000, D: 100 }],
        ],
        brands: ['VMZinc', 'Nicoll', 'Lindab'],
        unit: 'BAR',
        dimensionUnit: 'mm',
        description: 'Collecte et évacuation des eaux pluviales de toiture.',
      }),
    ],
  },
];
