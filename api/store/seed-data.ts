/**
 * The restaurant's own Romanian menu, seeded into an empty store at first start (spec §3
 * "Static sample menu"). Prices are written in lei here for readability and stored in bani.
 */
import type { LocationOperations } from '../../src/shared/schemas/locations';
import type { MenuUnit } from '../../src/shared/schemas/menu';
import type { OpeningHours } from '../../src/shared/schemas/restaurant';
import { DAILY_11_TO_22 } from '../../src/shared/domain/opening-hours';

/**
 * The English texts (issue 23) are optional for other catalogues (the tests' English sample); the
 * restaurant's own menu below has English for every name and description (seed.test.ts checks).
 */
export interface SeedOption {
  name: string;
  nameEn?: string;
  priceLei: number;
  isDefault?: boolean;
}

export interface SeedGroup {
  key: string;
  name: string;
  nameEn?: string;
  description: string | null;
  descriptionEn?: string | null;
  isRequired: boolean;
  minSelections: number;
  maxSelections: number;
  options: SeedOption[];
}

export interface SeedItem {
  name: string;
  nameEn?: string;
  unit: MenuUnit;
  priceLei: number;
  description: string;
  descriptionEn?: string;
  featured?: boolean;
  /** Keys of SeedGroup attached to this item, in display order. */
  groups?: string[];
  /** False for the few items shown with the placeholder image. */
  hasImage?: boolean;
}

export interface SeedCategory {
  slug: string;
  name: string;
  nameEn?: string;
  shortLabel: string;
  shortLabelEn?: string;
  description: string;
  descriptionEn?: string;
  icon: string;
  items: SeedItem[];
}

export const SEED_MODIFIER_GROUPS: SeedGroup[] = [
  {
    key: 'sos',
    name: 'Sos',
    nameEn: 'Sauce',
    description: 'Alege un sos pentru porție',
    descriptionEn: 'Choose a sauce for your portion',
    isRequired: true,
    minSelections: 1,
    maxSelections: 1,
    options: [
      { name: 'Mujdei de usturoi', nameEn: 'Garlic sauce (mujdei)', priceLei: 0, isDefault: true },
      { name: 'Muștar', nameEn: 'Mustard', priceLei: 0 },
      { name: 'Ketchup', nameEn: 'Ketchup', priceLei: 0 },
      { name: 'Sos barbecue', nameEn: 'Barbecue sauce', priceLei: 2.5 },
      { name: 'Sos de smântână cu mărar', nameEn: 'Sour cream and dill sauce', priceLei: 3 },
    ],
  },
  {
    key: 'extra',
    name: 'Extra',
    nameEn: 'Extras',
    description: 'Până la 3 completări',
    descriptionEn: 'Up to 3 add-ons',
    isRequired: false,
    minSelections: 0,
    maxSelections: 3,
    options: [
      { name: 'Ceapă roșie', nameEn: 'Red onion', priceLei: 0 },
      { name: 'Ardei iute', nameEn: 'Chilli pepper', priceLei: 1.5 },
      { name: 'Murături asortate', nameEn: 'Mixed pickles', priceLei: 6 },
      { name: 'Cașcaval topit', nameEn: 'Melted cheese', priceLei: 4 },
      { name: 'Pâine prăjită', nameEn: 'Toast', priceLei: 2 },
    ],
  },
  {
    key: 'garnitura-meniu',
    name: 'Garnitura meniului',
    nameEn: 'Side for the set menu',
    description: 'Inclusă în preț',
    descriptionEn: 'Included in the price',
    isRequired: true,
    minSelections: 1,
    maxSelections: 1,
    options: [
      { name: 'Cartofi prăjiți', nameEn: 'Fries', priceLei: 0, isDefault: true },
      { name: 'Mămăligă', nameEn: 'Polenta', priceLei: 0 },
      { name: 'Orez cu legume', nameEn: 'Vegetable rice', priceLei: 0 },
    ],
  },
  {
    key: 'topping',
    name: 'Topping',
    nameEn: 'Topping',
    description: null,
    descriptionEn: null,
    isRequired: true,
    minSelections: 1,
    maxSelections: 1,
    options: [
      { name: 'Dulceață de afine', nameEn: 'Blueberry jam', priceLei: 0, isDefault: true },
      { name: 'Dulceață de vișine', nameEn: 'Sour cherry jam', priceLei: 0 },
      { name: 'Sos de ciocolată', nameEn: 'Chocolate sauce', priceLei: 3 },
    ],
  },
  {
    key: 'smantana',
    name: 'Smântână și ardei',
    nameEn: 'Sour cream and chilli',
    description: 'Opțional, la alegere',
    descriptionEn: 'Optional, as you like',
    isRequired: false,
    minSelections: 0,
    maxSelections: 2,
    options: [
      { name: 'Smântână', nameEn: 'Sour cream', priceLei: 3 },
      { name: 'Ardei iute', nameEn: 'Chilli pepper', priceLei: 1.5 },
    ],
  },
];

const GRILL = ['sos', 'extra'];

export const SEED_MENU: SeedCategory[] = [
  {
    slug: 'produse-la-jar',
    name: 'Produse la jar',
    nameEn: 'Off the charcoal grill',
    shortLabel: 'La jar',
    shortLabelEn: 'Grill',
    description: 'Carne proaspătă, marinată în casă și făcută pe jar de lemn de fag.',
    descriptionEn: 'Fresh meat, marinated in house and grilled over beechwood embers.',
    icon: '🔥',
    items: [
      {
        name: 'Piept de pui la grătar',
        nameEn: 'Grilled chicken breast',
        unit: 'Kg',
        priceLei: 64,
        description: 'Piept de pui marinat cu usturoi și cimbru, făcut la jar.',
        descriptionEn: 'Chicken breast marinated in garlic and thyme, grilled over embers.',
        featured: true,
        groups: ['sos'],
      },
      {
        name: 'Mici',
        nameEn: 'Mici (grilled skinless sausages)',
        unit: 'Buc',
        priceLei: 5.5,
        description: 'Mici de casă din vită și porc, cu bicarbonat și condimente.',
        descriptionEn: 'Homemade beef and pork mince rolls, seasoned with spices and grilled.',
        featured: true,
        groups: GRILL,
      },
      {
        name: 'Ceafă de porc',
        nameEn: 'Grilled pork neck',
        unit: 'Kg',
        priceLei: 129,
        description: 'Ceafă de porc fragedă, marinată 24 de ore.',
        descriptionEn: 'Tender pork neck, marinated for 24 hours.',
        featured: true,
        groups: GRILL,
      },
      {
        name: 'Cârnați de Pleșcoi',
        nameEn: 'Pleșcoi sausages',
        unit: 'Kg',
        priceLei: 110,
        description: 'Cârnați picanți de oaie și vită, după rețeta din Buzău.',
        descriptionEn: 'Spicy mutton and beef sausages, made to the Buzău recipe.',
        groups: GRILL,
      },
      {
        name: 'Pulpe de pui dezosate',
        nameEn: 'Boneless chicken thighs',
        unit: 'Kg',
        priceLei: 69,
        description: 'Pulpe suculente, dezosate și rumenite la jar.',
        descriptionEn: 'Juicy boneless thighs, browned over the embers.',
        groups: ['sos'],
      },
      {
        name: 'Aripioare picante',
        nameEn: 'Spicy chicken wings',
        unit: 'Kg',
        priceLei: 58,
        description: 'Aripioare de pui cu boia iute și miere.',
        descriptionEn: 'Chicken wings with hot paprika and honey.',
        groups: ['sos'],
      },
      {
        name: 'Coaste de porc',
        nameEn: 'Pork ribs',
        unit: 'Kg',
        priceLei: 115,
        description: 'Coaste afumate încet, glazurate la final pe grătar.',
        descriptionEn: 'Slow-smoked ribs, glazed on the grill to finish.',
        groups: ['sos'],
      },
      {
        name: 'Frigăruie de pui',
        nameEn: 'Chicken skewer',
        unit: 'Buc',
        priceLei: 9.5,
        description: 'Frigăruie de pui cu ardei și ceapă.',
        descriptionEn: 'Chicken skewer with peppers and onion.',
        groups: GRILL,
      },
      {
        name: 'Frigăruie de porc',
        nameEn: 'Pork skewer',
        unit: 'Buc',
        priceLei: 11,
        description: 'Frigăruie de porc cu bacon și ciuperci.',
        descriptionEn: 'Pork skewer with bacon and mushrooms.',
        groups: GRILL,
      },
      {
        name: 'Cârnăciori de oaie',
        nameEn: 'Mutton sausages',
        unit: 'Kg',
        priceLei: 105,
        description: 'Cârnăciori subțiri de oaie, cu usturoi verde.',
        descriptionEn: 'Thin mutton sausages with green garlic.',
        groups: ['sos'],
        hasImage: false,
      },
      {
        name: 'Pastramă de oaie',
        nameEn: 'Mutton pastrami',
        unit: 'Kg',
        priceLei: 139,
        description: 'Pastramă de oaie de casă, rumenită pe plită.',
        descriptionEn: 'Homemade mutton pastrami, seared on the hotplate.',
      },
      {
        name: 'Mușchi de vită',
        nameEn: 'Beef fillet',
        unit: 'Kg',
        priceLei: 189,
        description: 'Mușchi de vită maturat, făcut mediu.',
        descriptionEn: 'Aged beef fillet, cooked medium.',
        groups: ['sos'],
      },
    ],
  },
  {
    slug: 'garnituri',
    name: 'Garnituri',
    nameEn: 'Sides',
    shortLabel: 'Garnituri',
    shortLabelEn: 'Sides',
    description: 'Garnituri calde și reci pentru orice grătar.',
    descriptionEn: 'Hot and cold sides for any grill.',
    icon: '🍟',
    items: [
      {
        name: 'Cartofi prăjiți',
        nameEn: 'Fries',
        unit: 'Kg',
        priceLei: 55,
        description: 'Cartofi tăiați în casă, prăjiți în ulei curat.',
        descriptionEn: 'Hand-cut potatoes, fried in fresh oil.',
      },
      {
        name: 'Pâine 600g',
        nameEn: 'Loaf of bread, 600 g',
        unit: 'Buc',
        priceLei: 6.9,
        description: 'Pâine albă coaptă pe vatră.',
        descriptionEn: 'Hearth-baked white bread.',
      },
      {
        name: 'Cartofi țărănești',
        nameEn: 'Country-style potatoes',
        unit: 'Kg',
        priceLei: 58,
        description: 'Cartofi cu ceapă, costiță și verdeață.',
        descriptionEn: 'Potatoes with onion, bacon and fresh herbs.',
      },
      {
        name: 'Mămăligă',
        nameEn: 'Polenta',
        unit: 'Kg',
        priceLei: 28,
        description: 'Mămăligă din mălai de Prahova.',
        descriptionEn: 'Polenta made from Prahova cornmeal.',
      },
      {
        name: 'Orez cu legume',
        nameEn: 'Vegetable rice',
        unit: 'Kg',
        priceLei: 45,
        description: 'Orez cu mazăre, morcov și porumb.',
        descriptionEn: 'Rice with peas, carrot and sweetcorn.',
      },
      {
        name: 'Legume la grătar',
        nameEn: 'Grilled vegetables',
        unit: 'Kg',
        priceLei: 79,
        description: 'Dovlecel, vinete, ardei și ciuperci la jar.',
        descriptionEn: 'Courgette, aubergine, peppers and mushrooms, grilled over embers.',
      },
      {
        name: 'Ciuperci la grătar',
        nameEn: 'Grilled mushrooms',
        unit: 'Kg',
        priceLei: 85,
        description: 'Ciuperci champignon cu unt și usturoi.',
        descriptionEn: 'Button mushrooms with butter and garlic.',
      },
      {
        name: 'Fasole bătută',
        nameEn: 'Mashed bean dip',
        unit: 'Kg',
        priceLei: 49,
        description: 'Fasole bătută cu ceapă călită.',
        descriptionEn: 'Whipped white beans topped with fried onion.',
      },
      {
        name: 'Piure de cartofi',
        nameEn: 'Mashed potatoes',
        unit: 'Kg',
        priceLei: 48,
        description: 'Piure cremos cu unt și lapte.',
        descriptionEn: 'Creamy mash with butter and milk.',
      },
      {
        name: 'Lipie caldă',
        nameEn: 'Warm flatbread',
        unit: 'Buc',
        priceLei: 4.5,
        description: 'Lipie coaptă pe plită, la comandă.',
        descriptionEn: 'Flatbread baked on the hotplate, to order.',
        hasImage: false,
      },
      {
        name: 'Chiflă cu susan',
        nameEn: 'Sesame bun',
        unit: 'Buc',
        priceLei: 4,
        description: 'Chiflă pufoasă cu susan.',
        descriptionEn: 'A soft bun topped with sesame.',
      },
    ],
  },
  {
    slug: 'gatite',
    name: 'Gatite',
    nameEn: 'Home cooking',
    shortLabel: 'Gatite',
    shortLabelEn: 'Home cooking',
    description: 'Mâncăruri gătite după rețete românești.',
    descriptionEn: 'Slow-cooked dishes from Romanian recipes.',
    icon: '🍲',
    items: [
      {
        name: 'Meniul zilei',
        nameEn: "Today's set menu",
        unit: 'Buc',
        priceLei: 37.99,
        description: 'Ciorbă, fel principal și desert, schimbat zilnic.',
        descriptionEn: 'Soup, main course and dessert; changes every day.',
        featured: true,
      },
      {
        name: 'Meniu grătar',
        nameEn: 'Grill set menu',
        unit: 'Buc',
        priceLei: 37.99,
        description: 'Trei mici, ceafă, garnitură la alegere și salată.',
        descriptionEn: 'Three mici, pork neck, a side of your choice and salad.',
        featured: true,
        groups: ['garnitura-meniu', 'sos', 'extra'],
      },
      {
        name: 'Sarmale cu mămăligă',
        nameEn: 'Cabbage rolls with polenta',
        unit: 'Kg',
        priceLei: 89,
        description: 'Sarmale în foi de varză murată, cu afumătură.',
        descriptionEn: 'Sarmale: pickled cabbage leaves rolled around minced meat, with smoked pork.',
        groups: ['smantana'],
      },
      {
        name: 'Tocăniță de porc',
        nameEn: 'Pork stew',
        unit: 'Kg',
        priceLei: 79,
        description: 'Tocăniță cu ceapă, vin și boia.',
        descriptionEn: 'Stewed with onion, wine and paprika.',
      },
      {
        name: 'Fasole cu cârnați',
        nameEn: 'Beans with smoked sausages',
        unit: 'Kg',
        priceLei: 69,
        description: 'Fasole boabe cu cârnați afumați.',
        descriptionEn: 'White bean stew with smoked sausages.',
      },
      {
        name: 'Ciorbă de burtă',
        nameEn: 'Tripe soup',
        unit: 'Buc',
        priceLei: 19.5,
        description: 'Porție de ciorbă de burtă cu smântână și ardei.',
        descriptionEn: 'A bowl of tripe soup with sour cream and chilli.',
        groups: ['smantana'],
      },
      {
        name: 'Ciorbă de perișoare',
        nameEn: 'Meatball soup',
        unit: 'Buc',
        priceLei: 17,
        description: 'Porție de ciorbă de perișoare cu leuștean.',
        descriptionEn: 'A bowl of sour meatball soup with lovage.',
        groups: ['smantana'],
      },
      {
        name: 'Tochitură moldovenească',
        nameEn: 'Moldavian pork stew (tochitură)',
        unit: 'Kg',
        priceLei: 95,
        description: 'Tochitură cu mămăligă, ou și brânză.',
        descriptionEn: 'Pan-fried pork with polenta, a fried egg and cheese.',
      },
      {
        name: 'Varză călită cu ciolan',
        nameEn: 'Braised cabbage with ham hock',
        unit: 'Kg',
        priceLei: 72,
        description: 'Varză călită la cuptor cu ciolan afumat.',
        descriptionEn: 'Oven-braised cabbage with smoked ham hock.',
      },
      {
        name: 'Gulaș de vită',
        nameEn: 'Beef goulash',
        unit: 'Kg',
        priceLei: 99,
        description: 'Gulaș de vită cu cartofi și boia dulce.',
        descriptionEn: 'Beef goulash with potatoes and sweet paprika.',
      },
      {
        name: 'Iahnie de fasole',
        nameEn: 'White bean stew',
        unit: 'Kg',
        priceLei: 45,
        description: 'Iahnie de post cu ceapă și cimbru.',
        descriptionEn: 'A meat-free bean stew with onion and thyme.',
      },
    ],
  },
  {
    slug: 'salate',
    name: 'Salate',
    nameEn: 'Salads',
    shortLabel: 'Salate',
    shortLabelEn: 'Salads',
    description: 'Salate proaspete, făcute pe loc.',
    descriptionEn: 'Fresh salads, made to order.',
    icon: '🥗',
    items: [
      {
        name: 'Salată de varză',
        nameEn: 'Cabbage salad',
        unit: 'Kg',
        priceLei: 48,
        description: 'Varză albă cu mărar și oțet.',
        descriptionEn: 'White cabbage with dill and vinegar.',
      },
      {
        name: 'Salată de castraveți',
        nameEn: 'Cucumber salad',
        unit: 'Kg',
        priceLei: 52,
        description: 'Castraveți cu smântână și mărar.',
        descriptionEn: 'Cucumber with sour cream and dill.',
      },
      {
        name: 'Salată asortată',
        nameEn: 'Mixed salad',
        unit: 'Kg',
        priceLei: 55,
        description: 'Roșii, castraveți, ardei și ceapă.',
        descriptionEn: 'Tomatoes, cucumber, peppers and onion.',
      },
      {
        name: 'Salată de roșii',
        nameEn: 'Tomato salad',
        unit: 'Kg',
        priceLei: 58,
        description: 'Roșii cu ceapă roșie și telemea.',
        descriptionEn: 'Tomatoes with red onion and telemea cheese.',
      },
      {
        name: 'Salată orientală',
        nameEn: 'Potato salad with egg and olives',
        unit: 'Kg',
        priceLei: 62,
        description: 'Cartofi, ou, ceapă verde și măsline.',
        descriptionEn: 'Potatoes, egg, spring onion and olives.',
      },
      {
        name: 'Salată de boeuf',
        nameEn: 'Romanian beef salad (salată de boeuf)',
        unit: 'Kg',
        priceLei: 69,
        description: 'Salată de boeuf cu maioneză de casă.',
        descriptionEn: 'Diced beef and vegetables in homemade mayonnaise.',
      },
      {
        name: 'Salată de vinete',
        nameEn: 'Roasted aubergine salad',
        unit: 'Kg',
        priceLei: 75,
        description: 'Vinete coapte pe jar, cu ceapă.',
        descriptionEn: 'Aubergines roasted over embers, with onion.',
      },
      {
        name: 'Salată Caesar cu pui',
        nameEn: 'Chicken Caesar salad',
        unit: 'Kg',
        priceLei: 89,
        description: 'Salată verde, pui la grătar, crutoane și parmezan.',
        descriptionEn: 'Lettuce, grilled chicken, croutons and Parmesan.',
      },
      {
        name: 'Salată grecească',
        nameEn: 'Greek salad',
        unit: 'Kg',
        priceLei: 95,
        description: 'Roșii, castraveți, măsline și brânză feta.',
        descriptionEn: 'Tomatoes, cucumber, olives and feta.',
      },
      {
        name: 'Salată cu ton',
        nameEn: 'Tuna salad',
        unit: 'Kg',
        priceLei: 110,
        description: 'Ton, porumb, salată verde și ou.',
        descriptionEn: 'Tuna, sweetcorn, lettuce and egg.',
        hasImage: false,
      },
      {
        name: 'Salată cu piept de rață',
        nameEn: 'Duck breast salad',
        unit: 'Kg',
        priceLei: 165,
        description: 'Piept de rață, rucola și dressing de vișine.',
        descriptionEn: 'Duck breast, rocket and a sour cherry dressing.',
      },
      {
        name: 'Salată cu somon afumat',
        nameEn: 'Smoked salmon salad',
        unit: 'Kg',
        priceLei: 205,
        description: 'Somon afumat, avocado și capere.',
        descriptionEn: 'Smoked salmon, avocado and capers.',
      },
    ],
  },
  {
    slug: 'desert',
    name: 'Desert',
    nameEn: 'Desserts',
    shortLabel: 'Desert',
    shortLabelEn: 'Desserts',
    description: 'Deserturi de casă.',
    descriptionEn: 'Homemade desserts.',
    icon: '🍰',
    items: [
      {
        name: 'Felie de tort',
        nameEn: 'Slice of cake',
        unit: 'Felie 50g',
        priceLei: 4,
        description: 'Felie de tort de casă, în funcție de zi.',
        descriptionEn: 'A slice of homemade cake; the cake changes daily.',
      },
      {
        name: 'Orez cu lapte',
        nameEn: 'Rice pudding',
        unit: '200g',
        priceLei: 13,
        description: 'Orez cu lapte și scorțișoară.',
        descriptionEn: 'Rice pudding with cinnamon.',
      },
      {
        name: 'Plăcinte asortate',
        nameEn: 'Mixed pies',
        unit: 'Kg',
        priceLei: 75,
        description: 'Plăcinte cu mere, brânză și vișine.',
        descriptionEn: 'Pies filled with apple, sweet cheese or sour cherries.',
      },
      {
        name: 'Papanași',
        nameEn: 'Papanași (cheese doughnuts)',
        unit: 'Buc',
        priceLei: 24,
        description: 'Papanași prăjiți cu smântână.',
        descriptionEn: 'Fried cheese doughnuts with sour cream.',
        featured: true,
        groups: ['topping'],
      },
      {
        name: 'Clătite cu ciocolată',
        nameEn: 'Chocolate crêpes',
        unit: 'Buc',
        priceLei: 15,
        description: 'Două clătite cu cremă de ciocolată.',
        descriptionEn: 'Two crêpes with chocolate cream.',
      },
    ],
  },
];

export interface SeedLocation {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  phone: string;
  openingHours: OpeningHours;
}

export const SEED_LOCATIONS: SeedLocation[] = [
  {
    name: 'Casa Grătarului Nord',
    address: 'Bulevardul Republicii 220, Ploiești 100393',
    latitude: 44.9537,
    longitude: 26.0224,
    phone: '0244 520 520',
    openingHours: DAILY_11_TO_22,
  },
  {
    name: 'Casa Grătarului Centru',
    address: 'Strada Mărășești 112, Ploiești 100023',
    latitude: 44.9352,
    longitude: 26.0318,
    phone: '0244 520 521',
    openingHours: DAILY_11_TO_22,
  },
];

/**
 * Issue 22: each demo kitchen's own delivery, as a two-kitchen restaurant runs it: a 10 km zone priced
 * by distance (0-3 km free, 3-6 km 9.99 lei, 6-10 km 14.99 lei), free above 120 lei, and a 40 lei
 * minimum order. Both kitchens the same; the manager changes either under Kitchens
 * (docs/decisions/0148-address-zones-are-the-kitchens-zones.md).
 */
export const SEED_KITCHEN_DELIVERY = {
  zone: { kind: 'radius', radiusKm: 10 },
  deliveryFees: {
    bands: [
      { upToKm: 3, feeBani: 0 },
      { upToKm: 6, feeBani: 999 },
      { upToKm: 10, feeBani: 1499 },
    ],
    freeAboveBani: 12_000,
  },
  minimumOrderBani: 4_000,
} as const satisfies Pick<LocationOperations, 'zone' | 'deliveryFees' | 'minimumOrderBani'>;

export const SEED_SETTINGS = {
  name: 'Casa Grătarului',
  description: 'Grătar românesc la jar de fag, în două locații din Ploiești. Comandă pentru livrare sau ridicare personală.',
  phone: '0244 520 520',
  email: 'comenzi@casagratarului.ro',
  address: 'Bulevardul Republicii 220, Ploiești 100393',
  deliveryFeeLei: 0,
  minimumOrderLei: 0,
  estimatedDeliveryTime: '30-45 minutes',
  deliveryRadiusKm: 10,
  zoneValidationType: 'radius',
  deliveryZoneName: 'ploiești',
  deliveryBaseLat: 44.9537,
  deliveryBaseLng: 26.0224,
  status: 'active',
} as const;
