import type {
  CastMember,
  CatalogueSeed,
  CategorySeed,
  EpisodeSeed,
  GenreSeed,
  SeasonSeed,
  TitleSeed,
} from './catalogue-types';
import { FEATURE_CLIP_KEYS, TRAILER_CLIP_KEYS, clipDurationSeconds } from '../media/media-clips';

/**
 * The seeded catalogue. Pure and deterministic: every run (and every machine) yields the same
 * ids, names and numbers, so URLs, tests and benchmarks stay stable across re-seeding.
 * All titles, people and plots are invented.
 */

// Local aliases: under jest the module runs in a vm context where every global lookup (Math) is
// an interceptor call, which made the 100k-title build four times slower.
const { imul, floor, round, min, max } = Math;

/** mulberry32: tiny, fast and good enough for plausible-looking seed data. */
function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, arr: readonly T[]): T => arr[floor(rng() * arr.length)]!;
const int = (rng: Rng, min: number, max: number): number => min + floor(rng() * (max - min + 1));
const round1 = (n: number): number => round(n * 10) / 10;

/** Distinct picks without replacement (small arrays only). */
function sample<T>(rng: Rng, arr: readonly T[], n: number): T[] {
  const copy = [...arr];
  const out: T[] = [];
  while (out.length < n && copy.length > 0)
    out.push(copy.splice(floor(rng() * copy.length), 1)[0]!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reference data

const GENRE_NAMES = [
  'Action',
  'Adventure',
  'Animation',
  'Comedy',
  'Crime',
  'Documentary',
  'Drama',
  'Family',
  'Fantasy',
  'Horror',
  'Mystery',
  'Romance',
  'Sci-Fi',
  'Thriller',
] as const;

const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const GENRES: GenreSeed[] = GENRE_NAMES.map((name) => ({
  id: `g-${slugify(name)}`,
  name,
  slug: slugify(name),
}));
const GENRE_BY_SLUG = new Map(GENRES.map((g) => [g.slug, g.id]));

const COUNTRIES: Array<{ code: string; name: string }> = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'IN', name: 'India' },
  { code: 'JP', name: 'Japan' },
  { code: 'KR', name: 'South Korea' },
  { code: 'BR', name: 'Brazil' },
  { code: 'MX', name: 'Mexico' },
  { code: 'AR', name: 'Argentina' },
  { code: 'SE', name: 'Sweden' },
  { code: 'NO', name: 'Norway' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
  { code: 'IE', name: 'Ireland' },
];

const LANGUAGES: Array<{ code: string; name: string }> = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'es', name: 'Spanish' },
  { code: 'it', name: 'Italian' },
  { code: 'hi', name: 'Hindi' },
  { code: 'ta', name: 'Tamil' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'sv', name: 'Swedish' },
  { code: 'no', name: 'Norwegian' },
  { code: 'yo', name: 'Yoruba' },
];

const COUNTRY_LANGUAGE: Record<string, string> = {
  US: 'en',
  GB: 'en',
  CA: 'en',
  AU: 'en',
  IE: 'en',
  NG: 'en',
  FR: 'fr',
  DE: 'de',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  IT: 'it',
  IN: 'hi',
  JP: 'ja',
  KR: 'ko',
  BR: 'pt',
  SE: 'sv',
  NO: 'no',
};

// Name pools by region, for directors, cast and characters.
type Region = 'anglo' | 'fr' | 'de' | 'hisp' | 'it' | 'in' | 'ja' | 'ko' | 'pt' | 'nordic' | 'ng';
const COUNTRY_REGION: Record<string, Region> = {
  US: 'anglo',
  GB: 'anglo',
  CA: 'anglo',
  AU: 'anglo',
  IE: 'anglo',
  FR: 'fr',
  DE: 'de',
  ES: 'hisp',
  MX: 'hisp',
  AR: 'hisp',
  IT: 'it',
  IN: 'in',
  JP: 'ja',
  KR: 'ko',
  BR: 'pt',
  SE: 'nordic',
  NO: 'nordic',
  NG: 'ng',
};

const NAMES: Record<Region, { first: readonly string[]; last: readonly string[] }> = {
  anglo: {
    first: [
      'Maren',
      'Callum',
      'Tessa',
      'Rowan',
      'Imogen',
      'Declan',
      'Harriet',
      'Ezra',
      'Delphine',
      'Otis',
      'Wren',
      'Silas',
      'Nora',
      'Jasper',
      'Cora',
      'Abel',
    ],
    last: [
      'Ashdown',
      'Fairweather',
      'Holloway',
      'Kincaid',
      'Marlowe',
      'Pennington',
      'Quill',
      'Redgrave',
      'Sutcliffe',
      'Thorne',
      'Whitlock',
      'Ainsley',
      'Breckin',
      'Carrow',
    ],
  },
  fr: {
    first: [
      'Camille',
      'Étienne',
      'Margaux',
      'Lucien',
      'Solène',
      'Baptiste',
      'Inès',
      'Gaspard',
      'Apolline',
      'Rémi',
    ],
    last: [
      'Duvernoy',
      'Lacombe',
      'Marchetti',
      'Rivoire',
      'Saint-Clair',
      'Vautrin',
      'Bellamy',
      'Courtois',
      'Fontaine',
      'Garnier',
    ],
  },
  de: {
    first: [
      'Lena',
      'Matthias',
      'Friederike',
      'Jonas',
      'Annika',
      'Konrad',
      'Greta',
      'Tobias',
      'Henrike',
      'Lorenz',
    ],
    last: [
      'Achterberg',
      'Brandauer',
      'Falkenrath',
      'Hellwig',
      'Kessler',
      'Lindqvist',
      'Obermann',
      'Reinholt',
      'Steinhaus',
      'Winterfeld',
    ],
  },
  hisp: {
    first: [
      'Lucía',
      'Mateo',
      'Ximena',
      'Joaquín',
      'Valeria',
      'Tomás',
      'Renata',
      'Emilio',
      'Ainhoa',
      'Rodrigo',
    ],
    last: [
      'Alcántara',
      'Bermejo',
      'Cifuentes',
      'Echeverría',
      'Galindo',
      'Iturbe',
      'Montalbán',
      'Ordóñez',
      'Sarmiento',
      'Villaseñor',
    ],
  },
  it: {
    first: [
      'Chiara',
      'Lorenzo',
      'Beatrice',
      'Matteo',
      'Ginevra',
      'Tommaso',
      'Ludovica',
      'Alessio',
      'Serena',
      'Dario',
    ],
    last: [
      'Albanese',
      'Bellucci-Ferro',
      'Caruso',
      'DeAngelis',
      'Fabbri',
      'Lombardo',
      'Mancuso',
      'Orsini',
      'Pellegrini',
      'Vitale',
    ],
  },
  in: {
    first: [
      'Ananya',
      'Vikram',
      'Meera',
      'Arjun',
      'Kavya',
      'Rohan',
      'Ishita',
      'Dev',
      'Priyanka',
      'Karthik',
    ],
    last: [
      'Bhattacharya',
      'Chandrasekhar',
      'Deshpande',
      'Iyer',
      'Kapoor-Mehta',
      'Malhotra',
      'Nair',
      'Raghavan',
      'Sethi',
      'Venkatesh',
    ],
  },
  ja: {
    first: ['Haruka', 'Ren', 'Aoi', 'Kenji', 'Sakura', 'Daichi', 'Yui', 'Takumi', 'Mio', 'Sora'],
    last: [
      'Aizawa',
      'Fujimura',
      'Hoshino',
      'Kanemoto',
      'Matsuda',
      'Nakagawa',
      'Okabe',
      'Sakuraba',
      'Tachibana',
      'Yamashiro',
    ],
  },
  ko: {
    first: [
      'Ji-woo',
      'Min-jun',
      'Seo-yeon',
      'Do-hyun',
      'Ha-eun',
      'Joon-ho',
      'Yuna',
      'Tae-yang',
      'Soo-ah',
      'Hyun-woo',
    ],
    last: ['Baek', 'Cha', 'Han', 'Jang', 'Kang', 'Moon', 'Oh', 'Seo', 'Yoon', 'Shin'],
  },
  pt: {
    first: [
      'Beatriz',
      'Thiago',
      'Larissa',
      'Caio',
      'Marina',
      'Rafael',
      'Yasmin',
      'Davi',
      'Clarice',
      'Otávio',
    ],
    last: [
      'Albuquerque',
      'Bragança',
      'Cavalcanti',
      'Damasceno',
      'Figueiredo',
      'Medeiros',
      'Nogueira',
      'Queiroz',
      'Rezende',
      'Teixeira',
    ],
  },
  nordic: {
    first: [
      'Astrid',
      'Henrik',
      'Sigrid',
      'Leif',
      'Freja',
      'Anders',
      'Ingrid',
      'Viggo',
      'Liv',
      'Tor',
    ],
    last: [
      'Bergström',
      'Dahlberg',
      'Ekholm',
      'Haugland',
      'Lindgren-Ås',
      'Norrby',
      'Rasmussen',
      'Sandvik',
      'Torvalds-Eng',
      'Vikström',
    ],
  },
  ng: {
    first: [
      'Adaeze',
      'Chidi',
      'Folake',
      'Tunde',
      'Ngozi',
      'Emeka',
      'Yewande',
      'Olumide',
      'Amara',
      'Kelechi',
    ],
    last: [
      'Adebayo',
      'Balogun',
      'Chukwuma',
      'Eze',
      'Fashola',
      'Nwosu',
      'Okafor',
      'Oyelaran',
      'Uchenna',
      'Williams-Ade',
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Hand-written titles: [name, year, genre slugs, production country, logline, original language?]

type TitleRow = [string, number, string, string, string, string?];

const MOVIES: readonly TitleRow[] = [
  [
    'The Glass Orchard',
    2019,
    'drama/mystery',
    'GB',
    'A botanist inherits a greenhouse where every tree seems to remember the family that planted it.',
  ],
  [
    'Cinder Protocol',
    2023,
    'action/thriller',
    'US',
    "A disgraced fire investigator uncovers a chain of arsons designed to erase a city's records.",
  ],
  [
    'Lanterns Over Kyushu',
    2021,
    'animation/fantasy/family',
    'JP',
    'A shy ferry girl guides lost paper lanterns back to the spirits who sent them.',
  ],
  [
    'Nine Mornings in Oaxaca',
    2018,
    'romance/comedy',
    'MX',
    'Two rival mezcal tasters are forced to share a tiny rental during a week-long festival.',
  ],
  [
    'The Quiet Meridian',
    1968,
    'sci-fi/drama',
    'US',
    'The crew of an orbital weather station begins receiving forecasts for storms that have not happened yet.',
  ],
  [
    'Velvet Switchblade',
    1974,
    'crime/thriller',
    'IT',
    'A jazz pianist in Turin plays one last engagement for the mob that owns his debts.',
  ],
  [
    'Saltwater Kings',
    1981,
    'adventure/action',
    'AU',
    'Three pearl divers race a corrupt harbour master to a sunken cargo off the Kimberley coast.',
  ],
  [
    'Ashfall County',
    1979,
    'horror/mystery',
    'US',
    'After a volcano dusts a farming town in grey, the livestock start walking toward the crater at night.',
  ],
  [
    'Le Dernier Funiculaire',
    1965,
    'romance/drama',
    'FR',
    'Two strangers stranded in a stalled funicular above Montmartre have one night to decide whether to meet again.',
  ],
  [
    'Engine of Small Mercies',
    2016,
    'drama',
    'IE',
    'A retired mechanic rebuilds a hearse so his dying brother can drive to his own wake.',
  ],
  [
    'Kaleidoscope Heist',
    1987,
    'crime/comedy',
    'GB',
    'A cat burglar with vertigo recruits a circus acrobat to rob the tallest bank in London.',
  ],
  [
    'The Monsoon Ledger',
    2015,
    'drama/crime',
    'IN',
    "A Mumbai accountant discovers that her firm's books balance only if a village ceases to exist.",
  ],
  [
    'Bright Harbor',
    2024,
    'drama/family',
    'CA',
    "A lighthouse keeper's daughter fights to keep an automated beacon from replacing her father.",
  ],
  [
    'Parallax Bloom',
    2026,
    'sci-fi/thriller',
    'KR',
    'A Seoul botanist engineers flowers that glow near lies, and becomes the most hunted woman in the city.',
  ],
  [
    'Sundial',
    1962,
    'mystery/drama',
    'SE',
    'On the longest day of the year, a small island community hides a death until the sun sets.',
  ],
  [
    'Operation Tin Kettle',
    1970,
    'comedy/adventure',
    'GB',
    'A bungling army quartermaster accidentally requisitions a steam locomotive and an entire circus.',
  ],
  [
    'Ironwood',
    1976,
    'action/drama',
    'US',
    'A logging-camp cook stands between a company posse and the strikers who fed her through the winter.',
  ],
  [
    'The Carnival at Mile Zero',
    1984,
    'fantasy/horror',
    'US',
    'A travelling carnival appears only to people who are about to make the worst decision of their lives.',
  ],
  [
    'Nightjar',
    1989,
    'thriller',
    'DE',
    'A Berlin radio host realises a late-night caller is narrating crimes minutes before they occur.',
  ],
  [
    'Copper Sky Rodeo',
    1992,
    'romance/drama',
    'US',
    'A bull rider with one season left falls for the vet who wants her to quit.',
  ],
  [
    'Paper Moons of Lagos',
    2020,
    'comedy/romance',
    'NG',
    "A wedding planner fakes her own engagement to land the city's biggest client.",
  ],
  [
    "The Cartographer's Daughter",
    1996,
    'adventure/drama',
    'ES',
    "In 1890s Seville a girl finishes her late father's map of a river that keeps changing course.",
  ],
  [
    'Zero Gravity Diner',
    2009,
    'comedy/sci-fi',
    'US',
    'The only restaurant on a lunar mining colony faces a health inspector from Earth.',
  ],
  [
    'Hollow Bells',
    2011,
    'horror',
    'GB',
    "A bell-ringer's apprentice hears a thirteenth bell in a tower built for twelve.",
  ],
  [
    'Marrow',
    2017,
    'horror/thriller',
    'US',
    'Snowed in at a research cabin, a geneticist suspects her own samples are rewriting her.',
  ],
  [
    'Samba for a Stranger',
    1998,
    'romance/comedy',
    'BR',
    'A Rio musician writes a song for the woman who returned his lost wallet, if only he can find her again.',
  ],
  [
    'The Vespa Diaries',
    2006,
    'comedy/romance',
    'IT',
    'A Roman courier delivers love letters for a client who turns out to be her own grandmother.',
  ],
  [
    'Orbit of Ash',
    2022,
    'sci-fi/action',
    'US',
    'A salvage pilot steals a derelict warship to rescue her brother from a prison moon.',
  ],
  [
    'The Umbrella Maker of Kanazawa',
    2013,
    'drama',
    'JP',
    'An old craftsman takes on one final apprentice: the teenage graffiti artist who vandalised his shop.',
  ],
  [
    'Blackwater Sonata',
    2005,
    'crime/mystery',
    'GB',
    'A Belfast detective and a cellist trace a murder hidden in a concert programme.',
  ],
  [
    'Thunder Over Jaipur',
    2001,
    'action/adventure',
    'IN',
    "A palace guard and a jewel thief must protect a maharaja's heir during the monsoon festival.",
  ],
  [
    "The Understudy's Revenge",
    1994,
    'comedy/crime',
    'FR',
    "When the star of a Paris revue vanishes, her understudy becomes everyone's prime suspect.",
  ],
  [
    'Polar Lullaby',
    2014,
    'documentary/family',
    'SE',
    'A year with a family of reindeer herders, from the midnight sun to the blue winter dark.',
  ],
  [
    'Voices of the Reef',
    2019,
    'documentary',
    'AU',
    'Hydrophones reveal the hidden soundscape of a coral reef recovering from bleaching.',
  ],
  [
    'Kings of Concrete',
    2021,
    'documentary',
    'US',
    "Three generations of skateboarders rebuild the drained pool where their city's scene began.",
  ],
  [
    'Eleven Seconds',
    2024,
    'thriller/action',
    'GB',
    'A bomb disposal expert relives the same eleven seconds until she finds who set the timer.',
  ],
  [
    'Dandelion Republic',
    2018,
    'family/comedy',
    'DE',
    'Children in a Hamburg allotment declare independence when developers come for their gardens.',
  ],
  [
    'The Ember Throne',
    2008,
    'fantasy/adventure',
    'GB',
    'A stable boy discovers he is the only person who can sit on a throne that burns everyone else.',
  ],
  [
    'Moonlit Ramen',
    2023,
    'romance/drama',
    'JP',
    "A night-shift nurse and a ramen chef meet every night at 3 a.m., until one night he isn't there.",
  ],
  [
    'Seoul Static',
    2025,
    'thriller/sci-fi',
    'KR',
    "A signal engineer hears her missing sister's voice in the static of a decommissioned tower.",
  ],
  [
    'Crossfire at Cañón Rojo',
    1966,
    'action/adventure',
    'MX',
    'A retired gunslinger escorts a schoolteacher through bandit country to open a school.',
  ],
  [
    'The Winter Ballerina',
    1972,
    'drama/romance',
    'FR',
    'A ballerina losing her sight prepares a final performance with a partner she has never seen.',
  ],
  [
    'Rocket Grandma',
    2010,
    'family/comedy',
    'CA',
    'A retired engineer enters her backyard rocket in the national science fair against her own grandson.',
  ],
  [
    'Signal Fires',
    2012,
    'thriller/mystery',
    'NO',
    'A coastguard officer on a remote fjord finds her radio picking up distress calls from 1943.',
  ],
  [
    'The Ninth Sword of Edo',
    1983,
    'action/adventure',
    'JP',
    "A masterless swordsman protects a rice merchant's daughter from a clan of masked assassins.",
  ],
  [
    'Pasta and Gunpowder',
    1978,
    'crime/comedy',
    'IT',
    'Two feuding trattoria owners in Naples team up when the same gangster shakes them both down.',
  ],
  [
    'The Honeybee Conspiracy',
    2016,
    'comedy/mystery',
    'GB',
    'A village beekeeper investigates why every hive in Somerset went silent overnight.',
  ],
  [
    'Skyline Nomads',
    2020,
    'drama',
    'BR',
    'In São Paulo, a family of window cleaners works sixty floors up while their lives unravel below.',
  ],
  [
    'Lone Mesa',
    1969,
    'drama/adventure',
    'US',
    "A sheriff's wife runs a desert county alone after her husband rides out and never returns.",
  ],
  [
    'Neon Tapir',
    2025,
    'animation/comedy/family',
    'BR',
    "A tapir who dreams of being a DJ accidentally throws the rainforest's loudest party.",
  ],
  [
    'Apartment 7B Is Haunted (Maybe)',
    2022,
    'comedy/horror',
    'US',
    'Two broke roommates try to prove their apartment is haunted so they can break the lease.',
  ],
  [
    'The Iron Lotus',
    2003,
    'action/drama',
    'IN',
    "A village wrestler takes on the national champion to win back her family's land.",
  ],
  [
    'Winterlight',
    2026,
    'drama/romance',
    'SE',
    'A glassblower and a snow researcher share a cabin through the polar night.',
  ],
  [
    'Clockwork Heart of Munich',
    1999,
    'fantasy/family',
    'DE',
    "A toymaker's automaton runs away to find out whether it can feel homesick.",
  ],
  [
    'Glass Highway',
    2007,
    'thriller/crime',
    'US',
    'A long-haul trucker realises the cargo she was hired to carry is a witness.',
  ],
  [
    'Salt Wind',
    1986,
    'drama',
    'ES',
    "In a Galician fishing village, a widow takes her husband's boat to sea against the whole town's wishes.",
  ],
  [
    'Mirror Lake Murders',
    1991,
    'mystery/thriller',
    'CA',
    'A Mountie investigates a string of drownings in a lake that never freezes.',
  ],
  [
    'Pip and the Cloud Whale',
    2015,
    'animation/family/adventure',
    'GB',
    'A young lighthouse mouse befriends a whale that swims through the clouds.',
  ],
  [
    'Afterglow Frequency',
    2019,
    'sci-fi/romance',
    'US',
    'A radio astronomer falls for a voice in a signal that left its star forty years ago.',
  ],
  [
    'The Gilded Cage Affair',
    1963,
    'crime/mystery',
    'GB',
    'A Mayfair butler must solve the theft of a diamond-studded birdcage before the Duke returns.',
  ],
  [
    'Last Stop Abuja',
    2024,
    'thriller/drama',
    'NG',
    "A bus driver's routine route becomes a desperate escape when one of his passengers is targeted.",
    'yo',
  ],
  [
    'Tango at the End of the World',
    1995,
    'romance/drama',
    'AR',
    "An aging tango master teaches an Ushuaia lighthouse keeper to dance at his daughter's wedding.",
  ],
  [
    'Steel Monsoon',
    2022,
    'action/sci-fi',
    'IN',
    "Mech pilots defend Chennai's sea wall from a storm that is not entirely natural.",
    'ta',
  ],
  [
    "Grandfather's Goblin",
    2026,
    'fantasy/family/comedy',
    'IE',
    "A girl learns the goblin in her grandfather's shed has been paying his rent in gold.",
  ],
];

const SERIES: readonly TitleRow[] = [
  [
    'Harbor Lights',
    2019,
    'drama/mystery',
    'GB',
    'Secrets surface in a Cornish fishing town after a trawler drifts home with no crew.',
  ],
  [
    'The Night Cartographers',
    2021,
    'sci-fi/mystery',
    'US',
    "A team mapping a city's abandoned tunnels discovers streets that are not on any survey.",
  ],
  [
    'Kitchen Brigade',
    2022,
    'comedy/drama',
    'FR',
    'The chaotic staff of a failing Lyon bistro gamble everything on winning a single star.',
  ],
  [
    'Blood Orange County',
    2018,
    'crime/drama',
    'US',
    'A citrus dynasty in 1970s Florida hides a murder beneath a multimillion-dollar harvest.',
  ],
  [
    'Hanok House',
    2023,
    'romance/comedy',
    'KR',
    'A Seoul architect and a stubborn landlady share a traditional house that neither will sell.',
  ],
  [
    'Relay Station Nine',
    2024,
    'sci-fi/thriller',
    'DE',
    'Engineers at a remote Alpine relay station start receiving messages from their own future shifts.',
  ],
  [
    'The Marigold Detectives',
    2017,
    'mystery/comedy',
    'IN',
    'Two retired schoolteachers in Jaipur solve the crimes the police would rather ignore.',
  ],
  [
    'Ravens of the North March',
    2020,
    'fantasy/action/adventure',
    'GB',
    'Rival clans fight for a frozen border kingdom as an ancient winter returns.',
  ],
  [
    'Little Comets',
    2016,
    'animation/family',
    'CA',
    'Five young astronauts-in-training learn science and friendship aboard a school spaceship.',
  ],
  [
    'Nollywood Nights',
    2022,
    'comedy/drama',
    'NG',
    'A Lagos film crew shoots a blockbuster on a shoestring budget and impossible deadlines.',
  ],
  [
    'Sombra del Desierto',
    2019,
    'crime/thriller',
    'MX',
    'A border-town prosecutor takes on the cartel that murdered her predecessor.',
  ],
  [
    'The Ward',
    1998,
    'drama',
    'US',
    'Doctors and nurses at an underfunded Chicago hospital fight for their patients and for each other.',
  ],
  [
    'Snowline',
    2025,
    'thriller/mystery',
    'SE',
    'A missing skier, a small resort town and a sheriff who knows everyone is lying.',
  ],
  [
    'Spice Route Kitchen',
    2021,
    'documentary',
    'IN',
    'Chefs follow ancient trade routes from Kerala to Venice, cooking with the people they meet.',
  ],
  [
    'Haunt Club',
    2023,
    'horror/comedy',
    'US',
    'Four teenagers start a ghost-hunting podcast and accidentally find a real ghost.',
  ],
  [
    'Crown and Cipher',
    2015,
    'drama/thriller',
    'GB',
    'Elizabethan codebreakers race to expose a plot against the queen.',
  ],
  [
    'Favela Frequency',
    2024,
    'drama/crime',
    'BR',
    'A community radio DJ in Rio becomes the voice of a neighbourhood under siege.',
  ],
  [
    'Mecha Academy Zero',
    2022,
    'animation/sci-fi/action',
    'JP',
    'Cadets at an orbital academy pilot giant machines built from scrapped satellites.',
  ],
  [
    'La Famiglia Bellini',
    2018,
    'comedy/family',
    'IT',
    'Three generations of a Sicilian family run a lemon grove and a very loud household.',
  ],
  [
    'Outback Rescue',
    2016,
    'documentary/adventure',
    'AU',
    'Flying doctors and rangers cover a territory larger than Europe.',
  ],
  [
    'Agent Sparrow',
    1967,
    'action/adventure/comedy',
    'GB',
    'A gentleman spy and his unflappable chauffeur foil outlandish schemes across swinging London.',
  ],
  [
    'Prairie Doctor',
    1974,
    'drama/family',
    'US',
    'A young doctor opens a practice in a Kansas town that has never trusted outsiders.',
  ],
  [
    'The Midnight Archive',
    1988,
    'horror/mystery',
    'ES',
    "A Madrid librarian catalogues a donated collection of books that predict their readers' deaths.",
  ],
  [
    'Wildfire Season',
    2026,
    'drama/action',
    'US',
    'Hotshot firefighters battle the worst fire season on record in the Sierra Nevada.',
  ],
];

const SECOND_SENTENCES = [
  'What begins as a favour soon becomes a reckoning with the past.',
  'Nothing about the next few days will go to plan.',
  'Old loyalties are tested as the stakes keep rising.',
  'Every answer only uncovers a stranger question.',
  'Friendship, stubbornness and terrible timing do the rest.',
  'The truth, when it comes, changes everyone it touches.',
  'Time is short, and the people closest are not who they seem.',
  'It is funnier, and sadder, than anyone expected.',
];

const EPISODE_NAMES = [
  'Low Tide',
  'The Stranger at the Gate',
  'Salt and Iron',
  'A Map of Small Things',
  'Night Shift',
  'The Long Way Round',
  'Paper Walls',
  'What the River Knew',
  'Static',
  'Homecoming',
  'The Second Key',
  'Borrowed Time',
  'Old Debts',
  'The Quiet Room',
  'First Light',
  'Thin Ice',
  'The Understudy',
  'Crossed Wires',
  'Dead Letters',
  'Fault Lines',
  'The Hollow Crown',
  'Undertow',
  'Signal Loss',
  'Midsummer',
  'The Visitor',
  'Heavy Weather',
  'Open Water',
  'Ashes',
  'The Ledger',
  'Blind Spot',
  'Slow Burn',
  'The Last Good Day',
  'Common Ground',
  'Echoes',
  'The Offer',
  'Glass Houses',
  'Breaking Point',
  'Wildcard',
  'The Ferryman',
  'Small Hours',
  'Family Business',
  'Lantern Night',
  'True North',
  'The Reckoning',
  'Half Measures',
  'Safe Harbour',
  'Sleepers',
  'The Wager',
  'Driftwood',
  'Endgame',
];

const EPISODE_PLOTS = [
  '{a} makes a discovery that puts {b} in danger.',
  '{a} and {b} are forced to work together, and neither enjoys it.',
  'An old rival returns, and {a} has to decide whom to trust.',
  '{b} keeps a secret from {a} that could change everything.',
  'A storm cuts the town off, and tempers run short.',
  '{a} finally gets a lead, but it points somewhere unexpected.',
  'A celebration goes wrong when {b} says what everyone was thinking.',
  '{a} risks everything on a plan that {b} thinks is madness.',
  'The past catches up with {b}, and {a} is caught in the middle.',
  'Answers arrive, but at a price {a} did not expect to pay.',
];

const DOCUMENTARY_EPISODE_PLOTS = [
  'The journey reaches a remote valley where one family keeps an old tradition alive.',
  'A long night shift shows what the work really costs the people who do it.',
  'A storm forces the team to change every plan they made.',
  'Three generations explain how the place has changed in their lifetimes.',
  'An unexpected guest turns a routine day into the highlight of the season.',
  'The crew follows a single dish from the field to the table.',
];

const MOVIE_MATURITY = ['G', 'PG', 'PG-13', 'R'] as const;
const SERIES_MATURITY = ['TV-Y7', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA'] as const;

function maturityFor(type: 'movie' | 'series', genres: string[], rng: Rng): string {
  const kids = genres.includes('animation') || genres.includes('family');
  const dark = genres.includes('horror') || genres.includes('crime') || genres.includes('thriller');
  if (type === 'movie') {
    if (kids) return rng() < 0.5 ? 'G' : 'PG';
    if (dark) return rng() < 0.65 ? 'R' : 'PG-13';
    return pick(rng, MOVIE_MATURITY.slice(1));
  }
  if (kids) return rng() < 0.5 ? 'TV-Y7' : 'TV-G';
  if (dark) return rng() < 0.6 ? 'TV-MA' : 'TV-14';
  return pick(rng, SERIES_MATURITY.slice(2));
}

// The fixed "today" of the seed: no clock is read, so the data never drifts between runs.
const LATEST_YEAR = 2026;
const LATEST_MONTH = 10;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

// String arithmetic instead of Date: this runs 100,000 times for the benchmark catalogue.
function releaseDateFor(year: number, rng: Rng): string {
  let month = int(rng, 1, 12);
  const day = int(rng, 1, 28);
  if (year >= LATEST_YEAR) month = min(month, LATEST_MONTH);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

function personName(rng: Rng, region: Region): string {
  const pool = NAMES[region];
  return `${pick(rng, pool.first)} ${pick(rng, pool.last)}`;
}

function castFor(rng: Rng, region: Region, documentary: boolean): CastMember[] {
  if (documentary) {
    return [
      { name: personName(rng, region), character: 'Narrator' },
      { name: personName(rng, region), character: 'Themselves' },
    ];
  }
  const size = int(rng, 4, 6);
  const cast: CastMember[] = [];
  const used = new Set<string>();
  // A mixed cast every so often, as in co-productions.
  while (cast.length < size) {
    const actorRegion = rng() < 0.2 ? pick(rng, Object.keys(NAMES) as Region[]) : region;
    const name = personName(rng, actorRegion);
    if (used.has(name)) continue;
    used.add(name);
    const character = rng() < 0.35 ? pick(rng, NAMES[region].first) : personName(rng, region);
    cast.push({ name, character });
  }
  return cast;
}

/** Countries where a restricted title may be streamed: its own plus a few neighbours in the list. */
function restrictedAvailability(rng: Rng, country: string): string[] {
  const others = COUNTRIES.map((c) => c.code).filter((c) => c !== country && c !== 'US');
  return [country, ...sample(rng, others, int(rng, 1, 3))];
}

function languagesFor(rng: Rng, language: string): { audio: string[]; subtitles: string[] } {
  const audio = new Set([language]);
  if (language !== 'en') audio.add('en');
  if (rng() < 0.4) audio.add(pick(rng, ['es', 'fr', 'de', 'pt', 'hi']));
  const subtitles = new Set(['en', 'es', language]);
  for (const l of sample(rng, ['fr', 'de', 'pt', 'it', 'ja', 'ko', 'hi', 'sv'], int(rng, 0, 3)))
    subtitles.add(l);
  return { audio: [...audio], subtitles: [...subtitles] };
}

function buildTitle(row: TitleRow, index: number, type: 'movie' | 'series', rng: Rng): TitleSeed {
  const [name, year, genreList, country, logline, languageOverride] = row;
  const slugs = genreList.split('/');
  const genreIds = slugs.map((s) => {
    const id = GENRE_BY_SLUG.get(s);
    if (!id) throw new Error(`Unknown genre ${s} for ${name}`);
    return id;
  });
  const region = COUNTRY_REGION[country] ?? 'anglo';
  const language = languageOverride ?? COUNTRY_LANGUAGE[country] ?? 'en';
  const { audio, subtitles } = languagesFor(rng, language);
  const documentary = slugs.includes('documentary');
  // Co-productions now and then, so country filters have multi-country titles to find.
  const countries =
    rng() < 0.2
      ? [
          country,
          pick(
            rng,
            COUNTRIES.filter((c) => c.code !== country),
          ).code,
        ]
      : [country];
  // Every fifth title is geo-restricted so availability filtering has something to exclude.
  const restricted = index % 5 === 3;
  const age = 2026 - year;
  const popularity = round1(min(100, max(1, 35 + rng() * 45 - age * 0.6 + (age <= 2 ? 20 : 0))));
  const runtimeMinutes =
    type === 'movie'
      ? documentary
        ? int(rng, 78, 104)
        : int(rng, 86, 158)
      : slugs.includes('comedy') || slugs.includes('animation')
        ? int(rng, 22, 32)
        : int(rng, 42, 60);
  return {
    id: `t-${String(index + 1).padStart(4, '0')}`,
    type,
    name,
    synopsis: `${logline} ${pick(rng, SECOND_SENTENCES)}`,
    releaseDate: releaseDateFor(year, rng),
    year,
    runtimeMinutes,
    rating: round1(5 + rng() * 4.3),
    maturity: maturityFor(type, slugs, rng),
    genreIds,
    countries,
    availableIn: restricted ? restrictedAvailability(rng, country) : ['*'],
    language,
    audioLanguages: audio,
    subtitleLanguages: subtitles,
    premium: rng() < 0.35,
    popularity,
    cast: castFor(rng, region, documentary),
    director: personName(rng, region),
    mediaKey: FEATURE_CLIP_KEYS[index % FEATURE_CLIP_KEYS.length]!,
    trailerKey: TRAILER_CLIP_KEYS[index % TRAILER_CLIP_KEYS.length]!,
    artSeed: floor(rng() * 2147483647),
  };
}

function buildSeasons(
  title: TitleSeed,
  rng: Rng,
  seasons: SeasonSeed[],
  episodes: EpisodeSeed[],
): void {
  const num = title.id.slice(2);
  const seasonCount = int(rng, 1, 4);
  const characters = title.cast.map((c) => c.character.split(' ')[0]!);
  const usedNames = new Set<string>();
  const documentary = title.genreIds.includes('g-documentary');
  for (let s = 1; s <= seasonCount; s++) {
    const seasonId = `s-${num}-${s}`;
    seasons.push({
      id: seasonId,
      titleId: title.id,
      number: s,
      name: `Season ${s}`,
      year: min(2026, title.year + s - 1),
    });
    const episodeCount = int(rng, 4, 8);
    // Whole seasons either have a title sequence or not, as real shows do.
    const hasIntro = rng() < 0.6;
    for (let e = 1; e <= episodeCount; e++) {
      let name = pick(rng, EPISODE_NAMES);
      while (usedNames.has(name)) name = pick(rng, EPISODE_NAMES);
      usedNames.add(name);
      if (usedNames.size >= EPISODE_NAMES.length) usedNames.clear();
      const a = pick(rng, characters);
      let b = pick(rng, characters);
      if (b === a) b = characters.find((c) => c !== a) ?? b;
      const mediaKey = FEATURE_CLIP_KEYS[(Number(num) + s + e) % FEATURE_CLIP_KEYS.length]!;
      const episode: EpisodeSeed = {
        id: `e-${num}-${s}-${String(e).padStart(2, '0')}`,
        seasonId,
        titleId: title.id,
        number: e,
        name: s === 1 && e === 1 ? 'Pilot' : name,
        synopsis: documentary
          ? pick(rng, DOCUMENTARY_EPISODE_PLOTS)
          : pick(rng, EPISODE_PLOTS).replace('{a}', a).replace('{b}', b),
        runtimeMinutes: max(18, title.runtimeMinutes + int(rng, -4, 4)),
        mediaKey,
      };
      // Markers are seconds within the generated clip (not the nominal runtime), so players can really skip.
      if (hasIntro && e > 1) {
        episode.introStart = int(rng, 4, 7);
        episode.introEnd = episode.introStart + int(rng, 8, 10);
      }
      if (hasIntro || rng() < 0.3) episode.creditsStart = clipDurationSeconds(mediaKey) - 12;
      episodes.push(episode);
    }
  }
}

function buildCategories(): CategorySeed[] {
  const fixed: CategorySeed[] = [
    { id: 'c-trending', slug: 'trending', name: 'Trending Now', rule: 'trending', sortOrder: 1 },
    {
      id: 'c-new-releases',
      slug: 'new-releases',
      name: 'New Releases',
      rule: 'new-releases',
      sortOrder: 2,
    },
    { id: 'c-top-rated', slug: 'top-rated', name: 'Top Rated', rule: 'top-rated', sortOrder: 3 },
    { id: 'c-series', slug: 'series', name: 'Series', rule: 'series', sortOrder: 4 },
    { id: 'c-movies', slug: 'movies', name: 'Movies', rule: 'movies', sortOrder: 5 },
    { id: 'c-free', slug: 'free', name: 'Free to Watch', rule: 'free', sortOrder: 6 },
  ];
  return [
    ...fixed,
    ...GENRES.map((g, i) => ({
      id: `c-${g.slug}`,
      slug: g.slug,
      name: g.name,
      rule: 'genre' as const,
      genreId: g.id,
      sortOrder: 10 + i,
    })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Synthetic titles for benchmarks: cheap, varied words so full-text search has work to do.

const SYN_ADJ = [
  'Silent',
  'Crimson',
  'Hidden',
  'Broken',
  'Golden',
  'Distant',
  'Frozen',
  'Burning',
  'Forgotten',
  'Electric',
  'Hollow',
  'Wild',
  'Secret',
  'Final',
  'Endless',
  'Velvet',
  'Scarlet',
  'Midnight',
  'Emerald',
  'Savage',
  'Gentle',
  'Lonely',
  'Restless',
  'Shattered',
  'Radiant',
  'Wandering',
  'Iron',
  'Paper',
  'Copper',
  'Glass',
  'Amber',
  'Neon',
  'Lunar',
  'Solar',
  'Northern',
  'Southern',
  'Sunken',
  'Stolen',
  'Painted',
  'Quiet',
  'Crooked',
  'Hungry',
  'Twisted',
  'Luminous',
];
const SYN_NOUN = [
  'River',
  'Empire',
  'Garden',
  'Signal',
  'Harbor',
  'Kingdom',
  'Mirror',
  'Orchard',
  'Lantern',
  'Frontier',
  'Compass',
  'Cathedral',
  'Horizon',
  'Labyrinth',
  'Carnival',
  'Voyage',
  'Archive',
  'Tide',
  'Station',
  'Citadel',
  'Meadow',
  'Tower',
  'Canyon',
  'Island',
  'Engine',
  'Orbit',
  'Circuit',
  'Festival',
  'Monsoon',
  'Glacier',
  'Desert',
  'Market',
  'Theatre',
  'Lighthouse',
  'Vineyard',
  'Railway',
  'Observatory',
  'Fortress',
  'Bazaar',
  'Reef',
  'Summit',
  'Valley',
  'Crossing',
];
const SYN_PLACE = [
  'Lisbon',
  'Kyoto',
  'Marrakesh',
  'Oslo',
  'Valparaíso',
  'Lagos',
  'Naples',
  'Quebec',
  'Busan',
  'Seville',
  'Mumbai',
  'Reykjavik',
  'Havana',
  'Tbilisi',
  'Hanoi',
  'Dakar',
  'Krakow',
  'Cusco',
  'Tasmania',
  'Patagonia',
  'Saigon',
  'Zanzibar',
];
const SYN_ROLE = [
  'detective',
  'chef',
  'pilot',
  'teacher',
  'smuggler',
  'nurse',
  'violinist',
  'astronomer',
  'thief',
  'farmer',
  'journalist',
  'diver',
  'architect',
  'boxer',
  'priest',
  'hacker',
  'widow',
  'soldier',
  'painter',
  'courier',
  'magician',
  'ranger',
];
const SYN_VERB = [
  'uncovers',
  'chases',
  'protects',
  'betrays',
  'rebuilds',
  'escapes',
  'inherits',
  'investigates',
  'defends',
  'loses',
  'discovers',
  'smuggles',
  'rescues',
  'forgets',
  'hunts',
  'restores',
];
const SYN_OBJECT = [
  'a stolen painting',
  'a family secret',
  'an abandoned mine',
  'a forbidden love',
  'a missing child',
  'a cursed violin',
  'a failing restaurant',
  'a crashed satellite',
  'a rival gang',
  'an ancient map',
  'a dying town',
  'a runaway train',
  'a buried fortune',
  'a silent witness',
  'a broken promise',
  'a lost expedition',
];

function syntheticName(rng: Rng, n: number): string {
  const a = pick(rng, SYN_ADJ);
  const b = pick(rng, SYN_NOUN);
  switch (n % 6) {
    case 0:
      return `The ${a} ${b}`;
    case 1:
      return `${b} of ${pick(rng, SYN_PLACE)}`;
    case 2:
      return `${a} ${b}s`;
    case 3:
      return `The ${b} ${int(rng, 2, 99)}`;
    case 4:
      return `${pick(rng, SYN_PLACE)} ${b}`;
    default:
      return `${a} ${pick(rng, SYN_NOUN)} ${b}`;
  }
}

function buildSynthetic(count: number, first: number): TitleSeed[] {
  const rng = createRng(0x5eed1234);
  const countryCodes = COUNTRIES.map((c) => c.code);
  const everywhere = ['*'];
  const out: TitleSeed[] = new Array<TitleSeed>(count);
  for (let i = 0; i < count; i++) {
    const country = pick(rng, countryCodes);
    const language = COUNTRY_LANGUAGE[country] ?? 'en';
    const g1 = pick(rng, GENRES).id;
    const g2 = rng() < 0.5 ? pick(rng, GENRES).id : g1;
    const year = int(rng, 1960, 2026);
    const type = rng() < 0.25 ? 'series' : 'movie';
    const region = COUNTRY_REGION[country] ?? 'anglo';
    const role = pick(rng, SYN_ROLE);
    const idx = first + i;
    out[i] = {
      id: `x-${String(i + 1).padStart(6, '0')}`,
      type,
      name: syntheticName(rng, i),
      synopsis: `A ${pick(rng, SYN_ADJ).toLowerCase()} ${role} ${pick(rng, SYN_VERB)} ${pick(rng, SYN_OBJECT)} in ${pick(rng, SYN_PLACE)}.`,
      releaseDate: releaseDateFor(year, rng),
      year,
      runtimeMinutes: type === 'movie' ? int(rng, 80, 170) : int(rng, 22, 60),
      rating: round1(5 + rng() * 4.3),
      maturity: type === 'movie' ? pick(rng, MOVIE_MATURITY) : pick(rng, SERIES_MATURITY),
      genreIds: g1 === g2 ? [g1] : [g1, g2],
      countries: [country],
      availableIn: rng() < 0.85 ? everywhere : [country],
      language,
      audioLanguages: language === 'en' ? ['en'] : [language, 'en'],
      subtitleLanguages: ['en', 'es'],
      premium: rng() < 0.35,
      popularity: round1(rng() * 100),
      cast: [
        { name: personName(rng, region), character: pick(rng, NAMES[region].first) },
        { name: personName(rng, region), character: pick(rng, NAMES[region].first) },
      ],
      director: personName(rng, region),
      mediaKey: FEATURE_CLIP_KEYS[idx % FEATURE_CLIP_KEYS.length]!,
      trailerKey: TRAILER_CLIP_KEYS[idx % TRAILER_CLIP_KEYS.length]!,
      artSeed: floor(rng() * 2147483647),
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export function buildCatalogue(opts: { syntheticTitles?: number } = {}): CatalogueSeed {
  const rng = createRng(20260101);
  const titles: TitleSeed[] = [];
  const seasons: SeasonSeed[] = [];
  const episodes: EpisodeSeed[] = [];
  MOVIES.forEach((row) => titles.push(buildTitle(row, titles.length, 'movie', rng)));
  SERIES.forEach((row) => {
    const title = buildTitle(row, titles.length, 'series', rng);
    titles.push(title);
    buildSeasons(title, rng, seasons, episodes);
  });
  // A guaranteed mix of free and premium among the hand-written titles, whatever the dice said.
  titles[0]!.premium = false;
  titles[1]!.premium = true;
  titles[MOVIES.length]!.premium = false;
  titles[MOVIES.length + 1]!.premium = true;

  const synthetic = max(0, floor(opts.syntheticTitles ?? 0));
  if (synthetic > 0) {
    for (const t of buildSynthetic(synthetic, titles.length)) titles.push(t);
  }
  return {
    genres: GENRES.map((g) => ({ ...g })),
    categories: buildCategories(),
    countries: COUNTRIES.map((c) => ({ ...c })),
    languages: LANGUAGES.map((l) => ({ ...l })),
    titles,
    seasons,
    episodes,
  };
}
