/**
 * The restaurant's own Romanian menu, seeded into an empty store at first start (spec §3
 * "Static sample menu"). Prices are written in lei here for readability and stored in bani.
 */
import type { LocationOperations } from '../../src/shared/schemas/locations';
import type { MenuUnit } from '../../src/shared/schemas/menu';
import type { OpeningHours } from '../../src/shared/schemas/restaurant';
import { DAILY_11_TO_22 } from '../../src/shared/domain/opening-hours';

export interface SeedOption {
  name: string;
  priceLei: number;
  isDefault?: boolean;
}

export interface SeedGroup {
  key: string;
  name: string;
  description: string | null;
  isRequired: boolean;
  minSelections: number;
  maxSelections: number;
  options: SeedOption[];
}

export interface SeedItem {
  name: string;
  unit: MenuUnit;
  priceLei: number;
  description: string;
  featured?: boolean;
  /** Keys of SeedGroup attached to this item, in display order. */
  groups?: string[];
  /** False for the few items shown with the placeholder image. */
  hasImage?: boolean;
}

export interface SeedCategory {
  slug: string;
  name: string;
  shortLabel: string;
  description: string;
  icon: string;
  items: SeedItem[];
}

export const SEED_MODIFIER_GROUPS: SeedGroup[] = [
  {
    key: 'sos',
    name: 'Sos',
    description: 'Alege un sos pentru porție',
    isRequired: true,
    minSelections: 1,
    maxSelections: 1,
    options: [
      { name: 'Mujdei de usturoi', priceLei: 0, isDefault: true },
      { name: 'Muștar', priceLei: 0 },
      { name: 'Ketchup', priceLei: 0 },
      { name: 'Sos barbecue', priceLei: 2.5 },
      { name: 'Sos de smântână cu mărar', priceLei: 3 },
    ],
  },
  {
    key: 'extra',
    name: 'Extra',
    description: 'Până la 3 completări',
    isRequired: false,
    minSelections: 0,
    maxSelections: 3,
    options: [
      { name: 'Ceapă roșie', priceLei: 0 },
      { name: 'Ardei iute', priceLei: 1.5 },
      { name: 'Murături asortate', priceLei: 6 },
      { name: 'Cașcaval topit', priceLei: 4 },
      { name: 'Pâine prăjită', priceLei: 2 },
    ],
  },
  {
    key: 'garnitura-meniu',
    name: 'Garnitura meniului',
    description: 'Inclusă în preț',
    isRequired: true,
    minSelections: 1,
    maxSelections: 1,
    options: [
      { name: 'Cartofi prăjiți', priceLei: 0, isDefault: true },
      { name: 'Mămăligă', priceLei: 0 },
      { name: 'Orez cu legume', priceLei: 0 },
    ],
  },
  {
    key: 'topping',
    name: 'Topping',
    description: null,
    isRequired: true,
    minSelections: 1,
    maxSelections: 1,
    options: [
      { name: 'Dulceață de afine', priceLei: 0, isDefault: true },
      { name: 'Dulceață de vișine', priceLei: 0 },
      { name: 'Sos de ciocolată', priceLei: 3 },
    ],
  },
  {
    key: 'smantana',
    name: 'Smântână și ardei',
    description: 'Opțional, la alegere',
    isRequired: false,
    minSelections: 0,
    maxSelections: 2,
    options: [
      { name: 'Smântână', priceLei: 3 },
      { name: 'Ardei iute', priceLei: 1.5 },
    ],
  },
];

const GRILL = ['sos', 'extra'];

export const SEED_MENU: SeedCategory[] = [
  {
    slug: 'produse-la-jar',
    name: 'Produse la jar',
    shortLabel: 'La jar',
    description: 'Carne proaspătă, marinată în casă și făcută pe jar de lemn de fag.',
    icon: '🔥',
    items: [
      {
        name: 'Piept de pui la grătar',
        unit: 'Kg',
        priceLei: 64,
        description: 'Piept de pui marinat cu usturoi și cimbru, făcut la jar.',
        featured: true,
        groups: ['sos'],
      },
      {
        name: 'Mici',
        unit: 'Buc',
        priceLei: 5.5,
        description: 'Mici de casă din vită și porc, cu bicarbonat și condimente.',
        featured: true,
        groups: GRILL,
      },
      {
        name: 'Ceafă de porc',
        unit: 'Kg',
        priceLei: 129,
        description: 'Ceafă de porc fragedă, marinată 24 de ore.',
        featured: true,
        groups: GRILL,
      },
      {
        name: 'Cârnați de Pleșcoi',
        unit: 'Kg',
        priceLei: 110,
        description: 'Cârnați picanți de oaie și vită, după rețeta din Buzău.',
        groups: GRILL,
      },
      {
        name: 'Pulpe de pui dezosate',
        unit: 'Kg',
        priceLei: 69,
        description: 'Pulpe suculente, dezosate și rumenite la jar.',
        groups: ['sos'],
      },
      { name: 'Aripioare picante', unit: 'Kg', priceLei: 58, description: 'Aripioare de pui cu boia iute și miere.', groups: ['sos'] },
      {
        name: 'Coaste de porc',
        unit: 'Kg',
        priceLei: 115,
        description: 'Coaste afumate încet, glazurate la final pe grătar.',
        groups: ['sos'],
      },
      { name: 'Frigăruie de pui', unit: 'Buc', priceLei: 9.5, description: 'Frigăruie de pui cu ardei și ceapă.', groups: GRILL },
      { name: 'Frigăruie de porc', unit: 'Buc', priceLei: 11, description: 'Frigăruie de porc cu bacon și ciuperci.', groups: GRILL },
      {
        name: 'Cârnăciori de oaie',
        unit: 'Kg',
        priceLei: 105,
        description: 'Cârnăciori subțiri de oaie, cu usturoi verde.',
        groups: ['sos'],
        hasImage: false,
      },
      { name: 'Pastramă de oaie', unit: 'Kg', priceLei: 139, description: 'Pastramă de oaie de casă, rumenită pe plită.' },
      { name: 'Mușchi de vită', unit: 'Kg', priceLei: 189, description: 'Mușchi de vită maturat, făcut mediu.', groups: ['sos'] },
    ],
  },
  {
    slug: 'garnituri',
    name: 'Garnituri',
    shortLabel: 'Garnituri',
    description: 'Garnituri calde și reci pentru orice grătar.',
    icon: '🍟',
    items: [
      { name: 'Cartofi prăjiți', unit: 'Kg', priceLei: 55, description: 'Cartofi tăiați în casă, prăjiți în ulei curat.' },
      { name: 'Pâine 600g', unit: 'Buc', priceLei: 6.9, description: 'Pâine albă coaptă pe vatră.' },
      { name: 'Cartofi țărănești', unit: 'Kg', priceLei: 58, description: 'Cartofi cu ceapă, costiță și verdeață.' },
      { name: 'Mămăligă', unit: 'Kg', priceLei: 28, description: 'Mămăligă din mălai de Prahova.' },
      { name: 'Orez cu legume', unit: 'Kg', priceLei: 45, description: 'Orez cu mazăre, morcov și porumb.' },
      { name: 'Legume la grătar', unit: 'Kg', priceLei: 79, description: 'Dovlecel, vinete, ardei și ciuperci la jar.' },
      { name: 'Ciuperci la grătar', unit: 'Kg', priceLei: 85, description: 'Ciuperci champignon cu unt și usturoi.' },
      { name: 'Fasole bătută', unit: 'Kg', priceLei: 49, description: 'Fasole bătută cu ceapă călită.' },
      { name: 'Piure de cartofi', unit: 'Kg', priceLei: 48, description: 'Piure cremos cu unt și lapte.' },
      { name: 'Lipie caldă', unit: 'Buc', priceLei: 4.5, description: 'Lipie coaptă pe plită, la comandă.', hasImage: false },
      { name: 'Chiflă cu susan', unit: 'Buc', priceLei: 4, description: 'Chiflă pufoasă cu susan.' },
    ],
  },
  {
    slug: 'gatite',
    name: 'Gatite',
    shortLabel: 'Gatite',
    description: 'Mâncăruri gătite după rețete românești.',
    icon: '🍲',
    items: [
      {
        name: 'Meniul zilei',
        unit: 'Buc',
        priceLei: 37.99,
        description: 'Ciorbă, fel principal și desert, schimbat zilnic.',
        featured: true,
      },
      {
        name: 'Meniu grătar',
        unit: 'Buc',
        priceLei: 37.99,
        description: 'Trei mici, ceafă, garnitură la alegere și salată.',
        featured: true,
        groups: ['garnitura-meniu', 'sos', 'extra'],
      },
      {
        name: 'Sarmale cu mămăligă',
        unit: 'Kg',
        priceLei: 89,
        description: 'Sarmale în foi de varză murată, cu afumătură.',
        groups: ['smantana'],
      },
      { name: 'Tocăniță de porc', unit: 'Kg', priceLei: 79, description: 'Tocăniță cu ceapă, vin și boia.' },
      { name: 'Fasole cu cârnați', unit: 'Kg', priceLei: 69, description: 'Fasole boabe cu cârnați afumați.' },
      {
        name: 'Ciorbă de burtă',
        unit: 'Buc',
        priceLei: 19.5,
        description: 'Porție de ciorbă de burtă cu smântână și ardei.',
        groups: ['smantana'],
      },
      {
        name: 'Ciorbă de perișoare',
        unit: 'Buc',
        priceLei: 17,
        description: 'Porție de ciorbă de perișoare cu leuștean.',
        groups: ['smantana'],
      },
      { name: 'Tochitură moldovenească', unit: 'Kg', priceLei: 95, description: 'Tochitură cu mămăligă, ou și brânză.' },
      { name: 'Varză călită cu ciolan', unit: 'Kg', priceLei: 72, description: 'Varză călită la cuptor cu ciolan afumat.' },
      { name: 'Gulaș de vită', unit: 'Kg', priceLei: 99, description: 'Gulaș de vită cu cartofi și boia dulce.' },
      { name: 'Iahnie de fasole', unit: 'Kg', priceLei: 45, description: 'Iahnie de post cu ceapă și cimbru.' },
    ],
  },
  {
    slug: 'salate',
    name: 'Salate',
    shortLabel: 'Salate',
    description: 'Salate proaspete, făcute pe loc.',
    icon: '🥗',
    items: [
      { name: 'Salată de varză', unit: 'Kg', priceLei: 48, description: 'Varză albă cu mărar și oțet.' },
      { name: 'Salată de castraveți', unit: 'Kg', priceLei: 52, description: 'Castraveți cu smântână și mărar.' },
      { name: 'Salată asortată', unit: 'Kg', priceLei: 55, description: 'Roșii, castraveți, ardei și ceapă.' },
      { name: 'Salată de roșii', unit: 'Kg', priceLei: 58, description: 'Roșii cu ceapă roșie și telemea.' },
      { name: 'Salată orientală', unit: 'Kg', priceLei: 62, description: 'Cartofi, ou, ceapă verde și măsline.' },
      { name: 'Salată de boeuf', unit: 'Kg', priceLei: 69, description: 'Salată de boeuf cu maioneză de casă.' },
      { name: 'Salată de vinete', unit: 'Kg', priceLei: 75, description: 'Vinete coapte pe jar, cu ceapă.' },
      { name: 'Salată Caesar cu pui', unit: 'Kg', priceLei: 89, description: 'Salată verde, pui la grătar, crutoane și parmezan.' },
      { name: 'Salată grecească', unit: 'Kg', priceLei: 95, description: 'Roșii, castraveți, măsline și brânză feta.' },
      { name: 'Salată cu ton', unit: 'Kg', priceLei: 110, description: 'Ton, porumb, salată verde și ou.', hasImage: false },
      { name: 'Salată cu piept de rață', unit: 'Kg', priceLei: 165, description: 'Piept de rață, rucola și dressing de vișine.' },
      { name: 'Salată cu somon afumat', unit: 'Kg', priceLei: 205, description: 'Somon afumat, avocado și capere.' },
    ],
  },
  {
    slug: 'desert',
    name: 'Desert',
    shortLabel: 'Desert',
    description: 'Deserturi de casă.',
    icon: '🍰',
    items: [
      { name: 'Felie de tort', unit: 'Felie 50g', priceLei: 4, description: 'Felie de tort de casă, în funcție de zi.' },
      { name: 'Orez cu lapte', unit: '200g', priceLei: 13, description: 'Orez cu lapte și scorțișoară.' },
      { name: 'Plăcinte asortate', unit: 'Kg', priceLei: 75, description: 'Plăcinte cu mere, brânză și vișine.' },
      { name: 'Papanași', unit: 'Buc', priceLei: 24, description: 'Papanași prăjiți cu smântână.', featured: true, groups: ['topping'] },
      { name: 'Clătite cu ciocolată', unit: 'Buc', priceLei: 15, description: 'Două clătite cu cremă de ciocolată.' },
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
