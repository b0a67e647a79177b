import { base, en, en_GB, en_GH, en_IN, en_NG, en_US, en_ZA, Faker, type LocaleDefinition } from '@faker-js/faker';
import type { Rng } from './random';

/** Where names come from: a faker locale, or a short list where faker has none. */
type NameSource = 'NG' | 'GH' | 'ZA' | 'GB' | 'US' | 'IN' | 'EA' | 'UG' | 'CM';

export type Country = {
  code: string;
  weight: number;
  names: NameSource;
  /** Share of residents whose names are Nigerian (the diaspora among the product's users). */
  diaspora: number;
  phone: (rng: Rng) => string;
  cities: readonly (readonly [name: string, lat: number, long: number])[];
  /** First octets of the address ranges the country's networks commonly use. */
  ipOctets: readonly number[];
};

const digits = (rng: Rng, n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
  return s;
};

const NG_PREFIXES = [
  '701',
  '703',
  '704',
  '706',
  '708',
  '802',
  '803',
  '805',
  '806',
  '807',
  '808',
  '809',
  '810',
  '811',
  '812',
  '813',
  '814',
  '816',
  '817',
  '818',
  '902',
  '903',
  '906',
  '907',
  '908',
  '909',
  '912',
  '913',
  '915',
  '916',
];
const GH_PREFIXES = ['20', '23', '24', '26', '27', '28', '50', '53', '54', '55', '56', '57', '59'];
const ZA_PREFIXES = [
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '71',
  '72',
  '73',
  '74',
  '76',
  '78',
  '79',
  '81',
  '82',
  '83',
  '84',
];
const US_AREAS = [
  '201',
  '202',
  '212',
  '213',
  '214',
  '281',
  '301',
  '312',
  '404',
  '415',
  '469',
  '512',
  '617',
  '678',
  '713',
  '718',
  '732',
  '770',
  '832',
  '917',
];

/**
 * The product's users: Nigeria first, then Ghana and Kenya, then a tail of African and
 * diaspora countries.
 */
export const COUNTRIES: readonly Country[] = [
  {
    code: 'NG',
    weight: 60,
    names: 'NG',
    diaspora: 1,
    phone: (r) => `+234${r.pick(NG_PREFIXES)}${digits(r, 7)}`,
    cities: [
      ['Lagos', 6.5244, 3.3792],
      ['Abuja', 9.0765, 7.3986],
      ['Port Harcourt', 4.8156, 7.0498],
      ['Ibadan', 7.3775, 3.947],
      ['Kano', 12.0022, 8.592],
      ['Benin City', 6.335, 5.6037],
      ['Enugu', 6.5244, 7.5186],
      ['Onitsha', 6.1498, 6.7857],
      ['Abeokuta', 7.1475, 3.3619],
      ['Uyo', 5.0377, 7.9128],
    ],
    ipOctets: [41, 102, 105, 129, 154, 160, 197],
  },
  {
    code: 'GH',
    weight: 11,
    names: 'GH',
    diaspora: 0,
    phone: (r) => `+233${r.pick(GH_PREFIXES)}${digits(r, 7)}`,
    cities: [
      ['Accra', 5.6037, -0.187],
      ['Kumasi', 6.6885, -1.6244],
      ['Tamale', 9.4008, -0.8393],
      ['Takoradi', 4.8845, -1.7554],
      ['Cape Coast', 5.1053, -1.2466],
    ],
    ipOctets: [41, 102, 154, 196],
  },
  {
    code: 'KE',
    weight: 9,
    names: 'EA',
    diaspora: 0,
    phone: (r) => `+2547${digits(r, 8)}`,
    cities: [
      ['Nairobi', -1.2921, 36.8219],
      ['Mombasa', -4.0435, 39.6682],
      ['Kisumu', -0.0917, 34.768],
      ['Nakuru', -0.3031, 36.08],
      ['Eldoret', 0.5143, 35.2698],
    ],
    ipOctets: [41, 102, 105, 197],
  },
  {
    code: 'ZA',
    weight: 4,
    names: 'ZA',
    diaspora: 0.1,
    phone: (r) => `+27${r.pick(ZA_PREFIXES)}${digits(r, 7)}`,
    cities: [
      ['Johannesburg', -26.2041, 28.0473],
      ['Cape Town', -33.9249, 18.4241],
      ['Durban', -29.8587, 31.0218],
      ['Pretoria', -25.7479, 28.2293],
    ],
    ipOctets: [41, 102, 105, 196],
  },
  {
    code: 'US',
    weight: 3.5,
    names: 'US',
    diaspora: 0.5,
    phone: (r) => `+1${r.pick(US_AREAS)}${r.int(2, 9)}${digits(r, 6)}`,
    cities: [
      ['Houston', 29.7604, -95.3698],
      ['Atlanta', 33.749, -84.388],
      ['New York', 40.7128, -74.006],
      ['Dallas', 32.7767, -96.797],
      ['Washington', 38.9072, -77.0369],
    ],
    ipOctets: [3, 23, 34, 52, 64, 98, 107, 174],
  },
  {
    code: 'GB',
    weight: 3.5,
    names: 'GB',
    diaspora: 0.5,
    phone: (r) => `+447${digits(r, 9)}`,
    cities: [
      ['London', 51.5072, -0.1276],
      ['Manchester', 53.4808, -2.2426],
      ['Birmingham', 52.4862, -1.8904],
      ['Leeds', 53.8008, -1.5491],
    ],
    ipOctets: [2, 5, 31, 51, 81, 86, 92],
  },
  {
    code: 'CM',
    weight: 2.5,
    names: 'CM',
    diaspora: 0,
    phone: (r) => `+2376${r.pick(['5', '7', '8', '9'])}${digits(r, 7)}`,
    cities: [
      ['Douala', 4.0511, 9.7679],
      ['Yaoundé', 3.848, 11.5021],
      ['Bamenda', 5.9631, 10.1591],
      ['Buea', 4.1527, 9.241],
    ],
    ipOctets: [41, 102, 154, 195],
  },
  {
    code: 'UG',
    weight: 2.5,
    names: 'UG',
    diaspora: 0,
    phone: (r) => `+2567${r.pick(['0', '1', '4', '5', '7', '8'])}${digits(r, 7)}`,
    cities: [
      ['Kampala', 0.3476, 32.5825],
      ['Entebbe', 0.0512, 32.4637],
      ['Gulu', 2.7724, 32.2881],
      ['Mbarara', -0.6072, 30.6545],
    ],
    ipOctets: [41, 102, 154, 196],
  },
  {
    code: 'TZ',
    weight: 1,
    names: 'EA',
    diaspora: 0,
    phone: (r) => `+255${r.pick(['6', '7'])}${digits(r, 8)}`,
    cities: [
      ['Dar es Salaam', -6.7924, 39.2083],
      ['Arusha', -3.3869, 36.683],
      ['Dodoma', -6.163, 35.7516],
    ],
    ipOctets: [41, 102, 156, 197],
  },
  {
    code: 'RW',
    weight: 0.8,
    names: 'EA',
    diaspora: 0,
    phone: (r) => `+2507${r.pick(['2', '3', '8', '9'])}${digits(r, 7)}`,
    cities: [
      ['Kigali', -1.9441, 30.0619],
      ['Huye', -2.5967, 29.7394],
    ],
    ipOctets: [41, 102, 105, 197],
  },
  {
    code: 'CA',
    weight: 0.8,
    names: 'US',
    diaspora: 0.5,
    phone: (r) => `+1${r.pick(['416', '437', '587', '604', '613', '647', '780'])}${r.int(2, 9)}${digits(r, 6)}`,
    cities: [
      ['Toronto', 43.6532, -79.3832],
      ['Calgary', 51.0447, -114.0719],
      ['Ottawa', 45.4215, -75.6972],
    ],
    ipOctets: [24, 70, 99, 142, 174],
  },
  {
    code: 'AE',
    weight: 0.6,
    names: 'IN',
    diaspora: 0.5,
    phone: (r) => `+9715${r.pick(['0', '2', '4', '5', '6', '8'])}${digits(r, 7)}`,
    cities: [
      ['Dubai', 25.2048, 55.2708],
      ['Abu Dhabi', 24.4539, 54.3773],
    ],
    ipOctets: [5, 31, 86, 94, 185],
  },
  {
    code: 'DE',
    weight: 0.4,
    names: 'GB',
    diaspora: 0.5,
    phone: (r) => `+491${r.pick(['51', '52', '57', '60', '62', '70', '71', '76'])}${digits(r, 8)}`,
    cities: [
      ['Berlin', 52.52, 13.405],
      ['Frankfurt', 50.1109, 8.6821],
      ['Hamburg', 53.5511, 9.9937],
    ],
    ipOctets: [31, 46, 77, 84, 91, 217],
  },
  {
    code: 'IN',
    weight: 0.4,
    names: 'IN',
    diaspora: 0,
    phone: (r) => `+91${r.pick(['7', '8', '9'])}${digits(r, 9)}`,
    cities: [
      ['Mumbai', 19.076, 72.8777],
      ['Bengaluru', 12.9716, 77.5946],
      ['Delhi', 28.7041, 77.1025],
    ],
    ipOctets: [14, 27, 49, 103, 117, 122],
  },
];

export const COUNTRY_BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));
export const COUNTRY_TABLE = COUNTRIES.map((c) => [c, c.weight] as const);
/** Where a VPN or a trip usually puts the sign-up address instead. */
export const ELSEWHERE = ['US', 'GB', 'NG', 'GH', 'ZA', 'DE', 'NL', 'AE', 'FR', 'CA'];

const EAST_AFRICA = {
  first: [
    'Wanjiru',
    'Kamau',
    'Otieno',
    'Achieng',
    'Njeri',
    'Mwangi',
    'Chebet',
    'Omondi',
    'Wambui',
    'Mutua',
    'Akinyi',
    'Kiprono',
    'Nyambura',
    'Barasa',
    'Wafula',
    'Amani',
    'Baraka',
    'Neema',
    'Zawadi',
    'Juma',
    'Halima',
    'Faraji',
    'Imani',
    'Kevin',
    'Brian',
    'Faith',
    'Mercy',
    'Dennis',
    'Grace',
    'Collins',
    'Esther',
    'Joseph',
  ],
  last: [
    'Kamau',
    'Otieno',
    'Mwangi',
    'Ochieng',
    'Kiprop',
    'Wanjala',
    'Njoroge',
    'Kariuki',
    'Mutua',
    'Odhiambo',
    'Chebet',
    'Korir',
    'Kimani',
    'Onyango',
    'Maina',
    'Wekesa',
    'Mushi',
    'Mrema',
    'Kimaro',
    'Habimana',
    'Uwimana',
    'Niyonzima',
    'Ndayisaba',
    'Mugabo',
    'Kilonzo',
    'Ndungu',
  ],
};
const UGANDA = {
  first: [
    'Nakato',
    'Babirye',
    'Mukasa',
    'Okello',
    'Namutebi',
    'Kato',
    'Atim',
    'Akello',
    'Mugisha',
    'Ronald',
    'Sarah',
    'Moses',
    'Brenda',
    'Isaac',
    'Patience',
    'Joan',
    'Ivan',
    'Doreen',
    'Emmanuel',
    'Shamim',
  ],
  last: [
    'Ssempala',
    'Nansubuga',
    'Tumusiime',
    'Byaruhanga',
    'Opio',
    'Kyomuhendo',
    'Mugerwa',
    'Ssekandi',
    'Nakimuli',
    'Kasozi',
    'Nabukenya',
    'Ochen',
    'Lubega',
    'Mwesigwa',
    'Ainembabazi',
    'Wasswa',
  ],
};
const CAMEROON = {
  first: [
    'Jean',
    'Marie',
    'Paul',
    'Christelle',
    'Boris',
    'Armand',
    'Nadège',
    'Serge',
    'Aurélie',
    'Franck',
    'Brice',
    'Carine',
    'Landry',
    'Sandrine',
    'Hervé',
    'Rodrigue',
    'Estelle',
    'Yannick',
    'Michelle',
    'Junior',
  ],
  last: [
    'Ngono',
    'Mbarga',
    'Fouda',
    'Essomba',
    'Nkoulou',
    'Tchami',
    'Abena',
    'Mbah',
    'Ndjock',
    'Etoundi',
    'Manga',
    'Kamga',
    'Fotso',
    'Tchoumi',
    'Nana',
    'Tagne',
    'Ngassa',
    'Eyenga',
    'Atangana',
    'Ndongo',
  ],
};

export type NameMaker = (rng: Rng, country: Country) => { first: string; last: string };

/** Faker instances share the one seeded Rng, so names follow the seed like everything else. */
export function createNameMaker(rng: Rng): { names: NameMaker; fakers: Faker[] } {
  const make = (locale: LocaleDefinition) => new Faker({ locale: [locale, en, base], randomizer: rng });
  const fakers: Record<'NG' | 'GH' | 'ZA' | 'GB' | 'US' | 'IN', Faker> = {
    NG: make(en_NG),
    GH: make(en_GH),
    ZA: make(en_ZA),
    GB: make(en_GB),
    US: make(en_US),
    IN: make(en_IN),
  };
  const fromList = (r: Rng, list: { first: string[]; last: string[] }) => ({
    first: r.pick(list.first),
    last: r.pick(list.last),
  });
  const names: NameMaker = (r, country) => {
    const source: NameSource = country.diaspora > 0 && r.chance(country.diaspora) ? 'NG' : country.names;
    switch (source) {
      case 'EA':
        return fromList(r, EAST_AFRICA);
      case 'UG':
        return fromList(r, UGANDA);
      case 'CM':
        return fromList(r, CAMEROON);
      default: {
        const f = fakers[source];
        return { first: f.person.firstName(), last: f.person.lastName() };
      }
    }
  };
  return { names, fakers: Object.values(fakers) };
}

export type DeviceKind = 'android' | 'ios' | 'web';

export const ANDROID_MODELS = [
  ['Samsung Galaxy A12', 'SM-A125F', '11'],
  ['Samsung Galaxy A32', 'SM-A325F', '12'],
  ['Samsung Galaxy S21', 'SM-G991B', '13'],
  ['Tecno Spark 8', 'KG6', '11'],
  ['Tecno Camon 18', 'CH6', '11'],
  ['Tecno Pova 4', 'LG7n', '12'],
  ['Infinix Hot 11', 'X662', '11'],
  ['Infinix Note 12', 'X663', '12'],
  ['itel A56', 'W6004', '9'],
  ['Xiaomi Redmi Note 10', 'M2101K7AG', '12'],
  ['Xiaomi Redmi 9A', 'M2006C3LG', '10'],
  ['Oppo A15', 'CPH2185', '10'],
  ['Huawei Y7 Prime', 'DUB-LX1', '9'],
  ['Nokia G20', 'TA-1336', '12'],
  ['Google Pixel 6', 'GR1YH', '14'],
] as const;
export const IPHONE_MODELS = [
  ['iPhone 8 Plus', '15.7'],
  ['iPhone XR', '16.6'],
  ['iPhone 11', '17.2'],
  ['iPhone 12', '17.4'],
  ['iPhone 13 Pro', '17.5'],
  ['iPhone 14', '17.6'],
  ['iPhone 15 Pro Max', '18.1'],
  ['iPhone SE', '16.7'],
] as const;
export const BROWSERS = [
  ['Chrome 126', 'Windows 10'],
  ['Chrome 124', 'macOS 14'],
  ['Safari 17', 'macOS 14'],
  ['Edge 125', 'Windows 11'],
  ['Firefox 127', 'Ubuntu 22.04'],
  ['Chrome 125', 'Windows 11'],
] as const;

/** App versions by release date: a sign-up reports the version current at the time. */
const RELEASES: readonly (readonly [iso: string, version: string, build: number])[] = [
  ['2021-06-01', '1.0.4', 104],
  ['2021-11-15', '1.2.0', 120],
  ['2022-04-01', '1.4.2', 142],
  ['2022-09-10', '1.6.1', 161],
  ['2023-02-20', '2.0.3', 203],
  ['2023-08-05', '2.3.0', 230],
  ['2024-01-18', '2.5.4', 254],
  ['2024-07-01', '2.7.1', 271],
  ['2025-01-10', '3.0.2', 302],
  ['2025-06-20', '3.2.0', 320],
  ['2026-01-05', '3.4.1', 341],
];
const RELEASE_MS = RELEASES.map(([iso]) => Date.parse(iso));

export function appBuildAt(ms: number): string {
  let k = 0;
  while (k + 1 < RELEASES.length && RELEASE_MS[k + 1]! <= ms) k++;
  const [, version, build] = RELEASES[k]!;
  return `${version} (${build})`;
}

export function ipv4(rng: Rng, country: Country | undefined): string {
  const first = country ? rng.pick(country.ipOctets) : rng.int(11, 223);
  return `${first}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

/** A point near one of the country's cities (about 10 km around). */
export function coordinatesIn(rng: Rng, country: Country): { lat: number; long: number } {
  const [, lat, long] = rng.pick(country.cities);
  return { lat: round6(lat + rng.between(-0.09, 0.09)), long: round6(long + rng.between(-0.09, 0.09)) };
}

export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
