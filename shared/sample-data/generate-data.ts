/**
 * The sample data's sources and generators (used by generate.ts, which writes the JSON files, and
 * by the tests that check the files): real suburbs, postcodes and streets of six cities, and the
 * names, classes and statuses of practitioners. Pure: no I/O.
 */

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

interface Suburb {
  name: string;
  postcode: string;
  lat: number;
  lon: number;
  streets: string[];
}
interface City {
  city: string;
  territorialAuthority: string;
  suburbs: Suburb[];
}

/** Real suburbs, their postcodes, approximate centres and real streets in them. */
export const cities: City[] = [
  {
    city: 'Auckland',
    territorialAuthority: 'Auckland Council',
    suburbs: [
      {
        name: 'Ponsonby',
        postcode: '1011',
        lat: -36.8565,
        lon: 174.7454,
        streets: ['Ponsonby Road', 'Franklin Road', 'Brown Street', 'Renall Street'],
      },
      {
        name: 'Grey Lynn',
        postcode: '1021',
        lat: -36.8616,
        lon: 174.7357,
        streets: ['Richmond Road', 'Williamson Avenue', 'Surrey Crescent', 'Francis Street'],
      },
      {
        name: 'Mount Eden',
        postcode: '1024',
        lat: -36.8784,
        lon: 174.7556,
        streets: ['Mount Eden Road', 'Valley Road', 'Esplanade Road', 'Ngauruhoe Street'],
      },
      {
        name: 'Remuera',
        postcode: '1050',
        lat: -36.8787,
        lon: 174.7998,
        streets: ['Remuera Road', 'Victoria Avenue', 'Arney Road', 'Orakei Road'],
      },
      {
        name: 'Devonport',
        postcode: '0624',
        lat: -36.8302,
        lon: 174.7951,
        streets: ['Victoria Road', 'Vauxhall Road', 'Church Street', 'Cheltenham Road'],
      },
      {
        name: 'Takapuna',
        postcode: '0622',
        lat: -36.7879,
        lon: 174.7701,
        streets: ['Hurstmere Road', 'Lake Road', 'Anzac Street', 'The Promenade'],
      },
      {
        name: 'Onehunga',
        postcode: '1061',
        lat: -36.9232,
        lon: 174.7853,
        streets: ['Onehunga Mall', 'Princes Street', 'Selwyn Street'],
      },
    ],
  },
  {
    city: 'Wellington',
    territorialAuthority: 'Wellington City Council',
    suburbs: [
      {
        name: 'Te Aro',
        postcode: '6011',
        lat: -41.2942,
        lon: 174.7756,
        streets: ['Cuba Street', 'Willis Street', 'Abel Smith Street', 'Vivian Street'],
      },
      {
        name: 'Thorndon',
        postcode: '6011',
        lat: -41.2781,
        lon: 174.7763,
        streets: ['Tinakori Road', 'Hill Street', 'Grant Road'],
      },
      {
        name: 'Kelburn',
        postcode: '6012',
        lat: -41.2868,
        lon: 174.7651,
        streets: ['Upland Road', 'Glenmore Street', 'Kelburn Parade'],
      },
      {
        name: 'Newtown',
        postcode: '6021',
        lat: -41.3112,
        lon: 174.7793,
        streets: ['Riddiford Street', 'Constable Street', 'Mein Street', 'Owen Street'],
      },
      {
        name: 'Karori',
        postcode: '6012',
        lat: -41.2843,
        lon: 174.7401,
        streets: ['Karori Road', 'Campbell Street', 'Beauchamp Street'],
      },
      {
        name: 'Island Bay',
        postcode: '6023',
        lat: -41.3362,
        lon: 174.7722,
        streets: ['The Parade', 'Clyde Street', 'Humber Street'],
      },
      {
        name: 'Khandallah',
        postcode: '6035',
        lat: -41.2452,
        lon: 174.7902,
        streets: ['Ganges Road', 'Khandallah Road', 'Station Road'],
      },
      {
        name: 'Miramar',
        postcode: '6022',
        lat: -41.3151,
        lon: 174.8153,
        streets: ['Miramar Avenue', 'Park Road', 'Darlington Road'],
      },
    ],
  },
  {
    city: 'Christchurch',
    territorialAuthority: 'Christchurch City Council',
    suburbs: [
      {
        name: 'Merivale',
        postcode: '8014',
        lat: -43.5152,
        lon: 172.6203,
        streets: ['Papanui Road', 'Office Road', 'Holmwood Road'],
      },
      {
        name: 'Riccarton',
        postcode: '8011',
        lat: -43.5301,
        lon: 172.6002,
        streets: ['Riccarton Road', 'Clarence Street', 'Matipo Street'],
      },
      {
        name: 'Sydenham',
        postcode: '8023',
        lat: -43.5545,
        lon: 172.6352,
        streets: ['Colombo Street', 'Brougham Street', 'Roxburgh Street'],
      },
      {
        name: 'Sumner',
        postcode: '8081',
        lat: -43.5683,
        lon: 172.7601,
        streets: ['Esplanade', 'Nayland Street', 'Wakefield Avenue'],
      },
      {
        name: 'St Albans',
        postcode: '8014',
        lat: -43.5102,
        lon: 172.6381,
        streets: ['Cranford Street', 'Springfield Road', 'Edgeware Road'],
      },
      {
        name: 'Addington',
        postcode: '8024',
        lat: -43.5431,
        lon: 172.6182,
        streets: ['Lincoln Road', 'Selwyn Street', 'Poulson Street'],
      },
    ],
  },
  {
    city: 'Hamilton',
    territorialAuthority: 'Hamilton City Council',
    suburbs: [
      {
        name: 'Hamilton Central',
        postcode: '3204',
        lat: -37.7871,
        lon: 175.2793,
        streets: ['Victoria Street', 'Anglesea Street', 'Collingwood Street'],
      },
      {
        name: 'Hamilton East',
        postcode: '3216',
        lat: -37.7941,
        lon: 175.2952,
        streets: ['Grey Street', 'Clyde Street', 'Naylor Street'],
      },
      {
        name: 'Claudelands',
        postcode: '3214',
        lat: -37.7802,
        lon: 175.2951,
        streets: ['Heaphy Terrace', 'Boundary Road', 'Brooklyn Road'],
      },
      {
        name: 'Frankton',
        postcode: '3204',
        lat: -37.7953,
        lon: 175.2621,
        streets: ['Commerce Street', 'Massey Street', 'Lake Road'],
      },
      {
        name: 'Hillcrest',
        postcode: '3216',
        lat: -37.8052,
        lon: 175.3153,
        streets: ['Cambridge Road', 'Hillcrest Road', 'Morrinsville Road'],
      },
      {
        name: 'Chartwell',
        postcode: '3210',
        lat: -37.7621,
        lon: 175.2852,
        streets: ['Comries Road', 'Hukanui Road'],
      },
    ],
  },
  {
    city: 'Tauranga',
    territorialAuthority: 'Tauranga City Council',
    suburbs: [
      {
        name: 'Tauranga',
        postcode: '3110',
        lat: -37.6861,
        lon: 176.1681,
        streets: ['Devonport Road', 'Cameron Road', 'Spring Street', 'The Strand'],
      },
      {
        name: 'Mount Maunganui',
        postcode: '3116',
        lat: -37.6402,
        lon: 176.1853,
        streets: ['Maunganui Road', 'Marine Parade', 'Pacific Avenue', 'Totara Street'],
      },
      {
        name: 'Otumoetai',
        postcode: '3110',
        lat: -37.6702,
        lon: 176.1451,
        streets: ['Otumoetai Road', 'Bureta Road'],
      },
      {
        name: 'Greerton',
        postcode: '3112',
        lat: -37.7252,
        lon: 176.1302,
        streets: ['Chadwick Road', 'Pooles Road'],
      },
      {
        name: 'Papamoa',
        postcode: '3118',
        lat: -37.7002,
        lon: 176.2901,
        streets: ['Papamoa Beach Road', 'Gravatt Road', 'Dickson Road'],
      },
      {
        name: 'Bethlehem',
        postcode: '3110',
        lat: -37.6951,
        lon: 176.1101,
        streets: ['Bethlehem Road', 'Moffat Road', 'Carmichael Road'],
      },
    ],
  },
  {
    city: 'Dunedin',
    territorialAuthority: 'Dunedin City Council',
    suburbs: [
      {
        name: 'Dunedin Central',
        postcode: '9016',
        lat: -45.8731,
        lon: 170.5032,
        streets: ['George Street', 'Princes Street', 'Stuart Street', 'Moray Place'],
      },
      {
        name: 'North Dunedin',
        postcode: '9016',
        lat: -45.8641,
        lon: 170.5152,
        streets: ['Castle Street', 'Leith Street', 'Dundas Street', 'Albany Street'],
      },
      {
        name: 'Roslyn',
        postcode: '9010',
        lat: -45.8662,
        lon: 170.4851,
        streets: ['Highgate', 'Belleknowes Avenue'],
      },
      {
        name: 'St Clair',
        postcode: '9012',
        lat: -45.9102,
        lon: 170.4901,
        streets: ['Forbury Road', 'Allandale Road', 'Victoria Road'],
      },
      {
        name: 'Mornington',
        postcode: '9011',
        lat: -45.8842,
        lon: 170.4821,
        streets: ['Mailer Street', 'Eglinton Road', 'Glenpark Avenue'],
      },
      {
        name: 'Andersons Bay',
        postcode: '9013',
        lat: -45.8952,
        lon: 170.5301,
        streets: ['Andersons Bay Road', 'Silverton Street', 'Highcliff Road'],
      },
      {
        name: 'Maori Hill',
        postcode: '9010',
        lat: -45.8552,
        lon: 170.4901,
        streets: ['Drivers Road', 'Passmore Crescent', 'Tolcarne Avenue'],
      },
    ],
  },
];

/** Short names the councils go by, so an authority given as an abbreviation still matches. */
export const authorityAliases: Record<string, string[]> = {
  'Auckland Council': ['AC', 'AKL'],
  'Wellington City Council': ['WCC', 'WLG'],
  'Christchurch City Council': ['CCC', 'CHC'],
  'Hamilton City Council': ['HCC', 'HLZ'],
  'Tauranga City Council': ['TCC', 'TRG'],
  'Dunedin City Council': ['DCC', 'DUD'],
};

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

export function generateAddresses() {
  const rnd = prng(20250401);
  const addresses: Record<string, unknown>[] = [];
  const parcels: Record<string, unknown[]> = {};
  let dpid = 1_200_000;
  let parcelId = 3_800_000;
  let dp = 10_000;
  for (const c of cities) {
    const roll = rnd.int(10_000, 19_999);
    for (const s of c.suburbs) {
      s.streets.forEach((street, si) => {
        // Streets radiate from the suburb centre; numbers run along them.
        const angle = (si / s.streets.length) * Math.PI * 2 + rnd.next();
        const count = rnd.int(5, 7);
        const used = new Set<string>();
        dp += rnd.int(40, 900);
        for (let i = 0; i < count; i++) {
          const n = rnd.int(1, 160);
          const kind = rnd.next();
          const unit = kind < 0.12 ? String(rnd.int(1, 4)) : undefined;
          const letter = !unit && kind < 0.2 ? rnd.pick(['A', 'B']) : '';
          const number = `${n}${letter}`;
          const key = `${unit ?? ''}/${number}`;
          if (used.has(key)) continue;
          used.add(key);
          dpid += rnd.int(3, 60);
          const streetLine = `${number} ${street}`;
          const line1 = unit ? `Flat ${unit}, ${streetLine}` : streetLine;
          const tail = `${s.name === c.city ? c.city : `${s.name}, ${c.city}`} ${s.postcode}`;
          const fullAddress = `${line1}, ${tail}`;
          const along = n / 160;
          const lat = round(s.lat + Math.sin(angle) * along * 0.009 + (rnd.next() - 0.5) * 0.0004, 6);
          const lon = round(s.lon + Math.cos(angle) * along * 0.011 + (rnd.next() - 0.5) * 0.0004, 6);
          addresses.push({
            dpid: String(dpid),
            ...(unit ? { unit } : {}),
            number,
            street,
            suburb: s.name,
            city: c.city,
            postcode: s.postcode,
            fullAddress,
            latitude: lat,
            longitude: lon,
            territorialAuthority: c.territorialAuthority,
          });
          // The parcel under it: a fee-simple lot on a deposited plan, a cross lease for units, now
          // and then a part lot or a section on a survey office plan.
          const lot = rnd.int(1, 60);
          const valuation = `${roll}/${String(rnd.int(10, 999)).padStart(3, '0')}${unit ? `/${unit}` : ''}${rnd.pick(['00', '00', '00', 'A0', 'B0'])}`;
          const ratingAddress = `${streetLine}, ${s.name === c.city ? c.city : s.name}`;
          const pr = rnd.next();
          const list: Record<string, unknown>[] = [];
          if (unit) {
            list.push({
              parcelId: String(++parcelId),
              ratingAddress: `${line1}, ${s.name}`,
              legalDescription: `Flat ${unit} DP ${dp + 7} having 1/${rnd.int(2, 4)} share in Lot ${lot} DP ${dp}`,
              lotNumber: String(lot),
              dpNumber: String(dp),
              valuationNumber: valuation,
            });
          } else if (pr < 0.08) {
            list.push({
              parcelId: String(++parcelId),
              ratingAddress,
              legalDescription: `Section ${rnd.int(1, 400)} SO ${rnd.int(10_000, 99_999)}`,
              valuationNumber: valuation,
            });
          } else if (pr < 0.18) {
            // Two parcels under one rating unit.
            list.push(
              {
                parcelId: String(++parcelId),
                ratingAddress,
                legalDescription: `Pt Lot ${lot} DP ${dp}`,
                lotNumber: String(lot),
                dpNumber: String(dp),
                valuationNumber: valuation,
              },
              {
                parcelId: String(++parcelId),
                ratingAddress,
                legalDescription: `Lot ${lot + 1} DP ${dp}`,
                lotNumber: String(lot + 1),
                dpNumber: String(dp),
                valuationNumber: valuation,
              },
            );
          } else {
            list.push({
              parcelId: String(++parcelId),
              ratingAddress,
              legalDescription: `Lot ${lot} DP ${dp}`,
              lotNumber: String(lot),
              dpNumber: String(dp),
              valuationNumber: valuation,
            });
          }
          parcels[String(dpid)] = list;
        }
      });
    }
  }
  return { addresses, parcels };
}

const firstNames = [
  'Aroha',
  'Wiremu',
  'Hemi',
  'Mere',
  'Tama',
  'Anaru',
  'Ngaio',
  'Rawiri',
  'Kiri',
  'Manaia',
  'James',
  'Oliver',
  'Jack',
  'William',
  'Noah',
  'Thomas',
  'Liam',
  'George',
  'Samuel',
  'Daniel',
  'Michael',
  'David',
  'Andrew',
  'Peter',
  'Mark',
  'Craig',
  'Shane',
  'Brent',
  'Grant',
  'Hamish',
  'Charlotte',
  'Olivia',
  'Isla',
  'Amelia',
  'Sophie',
  'Emma',
  'Grace',
  'Ruby',
  'Sarah',
  'Rachel',
  'Sione',
  'Tevita',
  'Losa',
  'Malakai',
  'Priya',
  'Rajesh',
  'Wei',
  'Jin',
  'Mateo',
  'Connor',
];
const lastNames = [
  'Smith',
  'Wilson',
  'Williams',
  'Brown',
  'Taylor',
  'Jones',
  'Anderson',
  'Thompson',
  'Walker',
  'Harris',
  'Martin',
  'Clarke',
  'Robinson',
  'Campbell',
  'Stewart',
  'Mitchell',
  'Young',
  'Scott',
  'Morgan',
  'Kelly',
  'Ngata',
  'Parata',
  'Tawhiri',
  'Te Whata',
  'Horomona',
  'Rangi',
  'Tipene',
  'Walters',
  'Henare',
  'Ruatapu',
  "O'Connor",
  'McDonald',
  'MacKenzie',
  'Fifita',
  'Tuilagi',
  'Patel',
  'Singh',
  'Chen',
  'Wang',
  'Li',
  'van der Berg',
  'Fraser',
  'Gallagher',
  'Hughes',
  'Kennedy',
  'Murray',
  'Reid',
  'Sinclair',
  'Watson',
  'Wood',
];
const lbpCities = [
  'Auckland',
  'Wellington',
  'Christchurch',
  'Hamilton',
  'Tauranga',
  'Dunedin',
  'Lower Hutt',
  'Porirua',
  'Napier',
  'Palmerston North',
  'Nelson',
  'Queenstown',
  'Whangārei',
  'New Plymouth',
  'Rotorua',
  'Invercargill',
];
export const licenceClasses = [
  'Carpentry',
  'Roofing',
  'External Plastering',
  'Bricklaying and Blocklaying',
  'Foundations',
  'Site 1',
  'Site 2',
  'Site 3',
  'Design 1',
  'Design 2',
  'Design 3',
] as const;
export const inactiveReasons = [
  'Cancelled (Disciplinary)',
  'Cancelled (Voluntary)',
  'Suspended (Disciplinary)',
  'Suspended (Voluntary)',
  'Lapsed',
  'Created in Error',
] as const;

export function generatePractitioners() {
  const rnd = prng(19570101);
  const out: Record<string, unknown>[] = [];
  let bp = 100_000;
  const usedNames = new Set<string>();
  for (let i = 0; i < 320; i++) {
    bp += rnd.int(1, 400);
    let firstName = rnd.pick(firstNames);
    let lastName = rnd.pick(lastNames);
    while (usedNames.has(`${firstName} ${lastName}`) && rnd.next() < 0.9) {
      firstName = rnd.pick(firstNames);
      lastName = rnd.pick(lastNames);
    }
    usedNames.add(`${firstName} ${lastName}`);
    // Every class and every inactive reason appear: the first rows walk through them in turn.
    const classes = new Set<string>([licenceClasses[i % licenceClasses.length]!]);
    const extra = rnd.int(0, 2);
    for (let k = 0; k < extra; k++) classes.add(rnd.pick(licenceClasses));
    const licences = [...classes].map((licenceClass, k) => {
      const inactive = (k === 0 && i % 5 === 4) || rnd.next() < 0.07;
      if (!inactive) return { licenceClass, status: 'Active' };
      const reason =
        k === 0 && i % 5 === 4
          ? inactiveReasons[Math.floor(i / 5) % inactiveReasons.length]!
          : rnd.pick(inactiveReasons);
      return { licenceClass, status: 'Inactive', reason };
    });
    out.push({
      lbpNumber: `BP${bp}`,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      city: rnd.pick(lbpCities),
      licenceClasses: licences,
    });
  }
  return out;
}
