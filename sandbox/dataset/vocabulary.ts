/**
 * Word lists for fictional people, firms, funds and places. Every generated name is built from
 * these; none is copied from the real register. A share of names carries non-ASCII letters and
 * apostrophes on purpose, because those are what break search, sorting and encoding in clients.
 */

export const MALE_FIRST = [
  'James', 'John', 'Robert', 'Michael', 'William', 'David', 'Richard', 'Thomas', 'Christopher', 'Daniel',
  'Matthew', 'Andrew', 'Mark', 'Paul', 'Steven', 'Stephen', 'Jonathan', 'Peter', 'Simon', 'Nicholas',
  'Alexander', 'Edward', 'Benjamin', 'Samuel', 'Joseph', 'Anthony', 'Timothy', 'Philip', 'Graham', 'Stuart',
  'Ian', 'Neil', 'Gareth', 'Rhys', 'Owen', 'Callum', 'Hamish', 'Angus', 'Fraser', 'Declan',
  'Ciaran', 'Liam', 'Connor', 'Harry', 'Oliver', 'George', 'Jack', 'Charlie', 'Henry', 'Alfie',
  'Arjun', 'Rajesh', 'Sanjay', 'Imran', 'Tariq', 'Omar', 'Hassan', 'Kwame', 'Chinedu', 'Tunde',
  'Wei', 'Hiroshi', 'Kenji', 'Marco', 'Luca', 'Pierre', 'Tomasz', 'Piotr', 'Andrzej', 'Stefan',
];

export const FEMALE_FIRST = [
  'Sarah', 'Emma', 'Claire', 'Rachel', 'Helen', 'Catherine', 'Elizabeth', 'Victoria', 'Charlotte', 'Sophie',
  'Laura', 'Rebecca', 'Hannah', 'Jessica', 'Lucy', 'Amy', 'Jennifer', 'Susan', 'Margaret', 'Patricia',
  'Joanne', 'Nicola', 'Fiona', 'Alison', 'Gillian', 'Karen', 'Louise', 'Kirsty', 'Morag', 'Eilidh',
  'Bethan', 'Ffion', 'Megan', 'Niamh', 'Aoife', 'Ciara', 'Grace', 'Olivia', 'Amelia', 'Isla',
  'Priya', 'Anjali', 'Sunita', 'Aisha', 'Fatima', 'Yasmin', 'Ngozi', 'Adaeze', 'Abena', 'Mei',
  'Yuki', 'Giulia', 'Chiara', 'Marie', 'Agnieszka', 'Katarzyna', 'Ingrid', 'Astrid', 'Rosalind', 'Harriet',
];

/** Given names with diacritics (search must find them typed without accents). */
export const NON_ASCII_FIRST = [
  'Zoë', 'Siân', 'Seán', 'Órla', 'Siobhán', 'Chloé', 'Renée', 'José', 'Søren', 'Björn',
  'Łukasz', 'Zoltán', 'Dóra', 'Noémie', 'Inês', 'Małgorzata', 'Jürgen', 'Cécile', 'Eoghán', 'Róisín',
];

export const SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson',
  'Roberts', 'Robinson', 'Thompson', 'Wright', 'Walker', 'White', 'Edwards', 'Hughes', 'Green', 'Hall',
  'Lewis', 'Harris', 'Clarke', 'Patel', 'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill',
  'Ward', 'Morris', 'Moore', 'Clark', 'Lee', 'King', 'Baker', 'Harrison', 'Morgan', 'Allen',
  'James', 'Scott', 'Phillips', 'Watson', 'Davis', 'Parker', 'Price', 'Bennett', 'Young', 'Griffiths',
  'Mitchell', 'Kelly', 'Cook', 'Carter', 'Richardson', 'Bailey', 'Collins', 'Bell', 'Shaw', 'Murphy',
  'Miller', 'Cox', 'Richards', 'Khan', 'Marshall', 'Anderson', 'Simpson', 'Ellis', 'Adams', 'Singh',
  'Begum', 'Wilkinson', 'Foster', 'Chapman', 'Powell', 'Webb', 'Rogers', 'Gray', 'Mason', 'Ali',
  'Hunt', 'Hussain', 'Campbell', 'Matthews', 'Owen', 'Palmer', 'Holmes', 'Mills', 'Barnes', 'Knight',
  'Lloyd', 'Butler', 'Russell', 'Barker', 'Fisher', 'Stevens', 'Jenkins', 'Dixon', 'Fletcher', 'Howard',
  'Thornton', 'Ashworth', 'Pemberton', 'Hargreaves', 'Whitfield', 'Sutcliffe', 'Ainsworth', 'Blackwood', 'Fairbairn', 'Kilbride',
  'MacLeod', 'McKenzie', 'Fraser', 'Grant', 'Sinclair', 'Gallagher', 'Doherty', 'Byrne', 'Quinn', 'Nolan',
  'Chen', 'Wang', 'Nakamura', 'Okafor', 'Mensah', 'Adeyemi', 'Sharma', 'Gupta', 'Chowdhury', 'Rahman',
  'Kowalski', 'Nowak', 'Rossi', 'Bianchi', 'Dubois', 'Fischer', 'Lindqvist', 'Jansen', 'Costa', 'Silva',
];

/** Surnames with apostrophes (URLs, SQL and search all trip over these). */
export const APOSTROPHE_SURNAMES = [
  "O'Connell", "O'Brien", "O'Neill", "O'Sullivan", "O'Donnell", "D'Souza", "D'Arcy", "O'Hara", "M'Naghten", "D'Almeida",
];

/** Surnames with diacritics. */
export const NON_ASCII_SURNAMES = [
  'Müller', 'Ó Súilleabháin', 'Núñez', 'Gonçalves', 'Ní Bhriain', 'Søndergaard', 'Wiśniewski', 'Brontë', 'Jäger', 'Lefèvre',
];

/** Formal first name → what people search for instead (the live search matches "bob" to Robert). */
export const NICKNAMES: Record<string, string[]> = {
  Robert: ['bob', 'rob', 'bobby'],
  William: ['bill', 'will', 'billy'],
  Elizabeth: ['liz', 'beth', 'lizzie'],
  Margaret: ['maggie', 'peggy'],
  James: ['jim', 'jimmy', 'jamie'],
  Richard: ['rick', 'dick', 'rich'],
  Thomas: ['tom', 'tommy'],
  Edward: ['ed', 'ted', 'eddie'],
  Catherine: ['kate', 'cathy'],
  Andrew: ['andy', 'drew'],
  Michael: ['mike', 'mick'],
  Anthony: ['tony'],
  Christopher: ['chris'],
  Jonathan: ['jon', 'jonny'],
  Alexander: ['alex', 'sandy'],
  Daniel: ['dan', 'danny'],
  Matthew: ['matt'],
  Nicholas: ['nick'],
  Stephen: ['steve'],
  Steven: ['steve'],
  Susan: ['sue'],
  Patricia: ['pat', 'trish'],
  Jennifer: ['jen', 'jenny'],
  Benjamin: ['ben'],
  Samuel: ['sam'],
  Joseph: ['joe'],
  Victoria: ['vicky'],
  Rebecca: ['becky'],
  Timothy: ['tim'],
  Philip: ['phil'],
};

export interface Place {
  town: string;
  county: string;
  /** Postcode outward codes for the town. */
  areas: string[];
  /** Dialling code without the leading 0. */
  phone: string;
}

export const PLACES: Place[] = [
  { town: 'London', county: '', areas: ['EC1A', 'EC2M', 'EC2N', 'EC3R', 'EC3V', 'EC4M', 'WC2N', 'W1J', 'W1K', 'SW1A', 'SE1', 'E14', 'N1', 'NW1'], phone: '20' },
  { town: 'Manchester', county: 'Greater Manchester', areas: ['M1', 'M2', 'M3', 'M15', 'M20'], phone: '161' },
  { town: 'Birmingham', county: 'West Midlands', areas: ['B1', 'B2', 'B3', 'B15', 'B90'], phone: '121' },
  { town: 'Leeds', county: 'West Yorkshire', areas: ['LS1', 'LS2', 'LS11', 'LS27'], phone: '113' },
  { town: 'Glasgow', county: '', areas: ['G1', 'G2', 'G3', 'G41'], phone: '141' },
  { town: 'Edinburgh', county: '', areas: ['EH1', 'EH2', 'EH3', 'EH12'], phone: '131' },
  { town: 'Bristol', county: '', areas: ['BS1', 'BS2', 'BS8', 'BS32'], phone: '117' },
  { town: 'Cardiff', county: '', areas: ['CF10', 'CF11', 'CF14'], phone: '29' },
  { town: 'Belfast', county: 'County Antrim', areas: ['BT1', 'BT2', 'BT3', 'BT9'], phone: '28' },
  { town: 'Liverpool', county: 'Merseyside', areas: ['L1', 'L2', 'L3'], phone: '151' },
  { town: 'Newcastle upon Tyne', county: 'Tyne and Wear', areas: ['NE1', 'NE2', 'NE3'], phone: '191' },
  { town: 'Sheffield', county: 'South Yorkshire', areas: ['S1', 'S2', 'S10'], phone: '114' },
  { town: 'Nottingham', county: 'Nottinghamshire', areas: ['NG1', 'NG2', 'NG7'], phone: '115' },
  { town: 'Leicester', county: 'Leicestershire', areas: ['LE1', 'LE2', 'LE19'], phone: '116' },
  { town: 'Southampton', county: 'Hampshire', areas: ['SO14', 'SO15', 'SO53'], phone: '23' },
  { town: 'Reading', county: 'Berkshire', areas: ['RG1', 'RG2', 'RG40'], phone: '118' },
  { town: 'Cambridge', county: 'Cambridgeshire', areas: ['CB1', 'CB2', 'CB4'], phone: '1223' },
  { town: 'Oxford', county: 'Oxfordshire', areas: ['OX1', 'OX2', 'OX4'], phone: '1865' },
  { town: 'Norwich', county: 'Norfolk', areas: ['NR1', 'NR2', 'NR3'], phone: '1603' },
  { town: 'Exeter', county: 'Devon', areas: ['EX1', 'EX2', 'EX4'], phone: '1392' },
  { town: 'Plymouth', county: 'Devon', areas: ['PL1', 'PL4', 'PL6'], phone: '1752' },
  { town: 'Brighton', county: 'East Sussex', areas: ['BN1', 'BN2', 'BN3'], phone: '1273' },
  { town: 'Chelmsford', county: 'Essex', areas: ['CM1', 'CM2'], phone: '1245' },
  { town: 'Guildford', county: 'Surrey', areas: ['GU1', 'GU2'], phone: '1483' },
  { town: 'York', county: 'North Yorkshire', areas: ['YO1', 'YO10', 'YO24'], phone: '1904' },
  { town: 'Aberdeen', county: '', areas: ['AB10', 'AB11', 'AB15'], phone: '1224' },
  { town: 'Dundee', county: '', areas: ['DD1', 'DD2'], phone: '1382' },
  { town: 'Swansea', county: '', areas: ['SA1', 'SA2'], phone: '1792' },
  { town: 'Peterborough', county: 'Cambridgeshire', areas: ['PE1', 'PE2', 'PE3'], phone: '1733' },
  { town: 'Milton Keynes', county: 'Buckinghamshire', areas: ['MK9', 'MK10'], phone: '1908' },
  { town: 'Bournemouth', county: 'Dorset', areas: ['BH1', 'BH2', 'BH8'], phone: '1202' },
  { town: 'Durham', county: 'County Durham', areas: ['DH1', 'DL14'], phone: '191' },
  { town: 'Stoke-on-Trent', county: 'Staffordshire', areas: ['ST1', 'ST4'], phone: '1782' },
  { town: 'Bexhill-on-Sea', county: 'East Sussex', areas: ['TN39', 'TN40'], phone: '1424' },
];

export const STREET_NAMES = [
  'High Street', 'Station Road', 'Church Street', 'Victoria Road', 'King Street', 'Queen Street', 'Market Place',
  'London Road', 'Park Lane', 'Mill Lane', 'Bridge Street', 'George Street', 'Castle Street', 'Albion Place',
  'Broad Street', 'Princes Street', 'Cheapside', 'Moorgate', 'Fenchurch Avenue', 'Leadenhall Court',
  'Wellington Street', 'Chapel Walk', 'St Anne\'s Square', 'Quayside', 'Canal Wharf', 'Riverside Way',
];

export const BUILDING_NAMES = [
  'Albion House', 'Crown Chambers', 'Lancaster Court', 'Exchange Buildings', 'Minerva House', 'Sovereign House',
  'Harbour Point', 'The Old Mill', 'Regent House', 'Riverside Business Centre', 'Kingsway House', 'Suite 4, Tower Court',
];

/** Overseas places for EEA branches and passporting firms: country, town, region code. */
export const OVERSEAS = [
  { country: 'IRELAND', town: 'Dublin', region: 'D02 X285' },
  { country: 'GERMANY', town: 'Frankfurt am Main', region: 'D-60311' },
  { country: 'FRANCE', town: 'Paris', region: 'F-75008' },
  { country: 'LUXEMBOURG', town: 'Luxembourg', region: 'L-2449' },
  { country: 'NETHERLANDS', town: 'Amsterdam', region: 'NL-1017' },
  { country: 'SPAIN', town: 'Madrid', region: 'E-28046' },
  { country: 'ITALY', town: 'Milano', region: 'I-20121' },
  { country: 'SWEDEN', town: 'Stockholm', region: 'S-111 47' },
];

/** Words for company names. */
export const FIRM_PLACE_WORDS = [
  'Albion', 'Thames', 'Severn', 'Pennine', 'Cotswold', 'Mersey', 'Tyne', 'Clyde', 'Wessex', 'Mercia',
  'Northumbria', 'Chiltern', 'Mendip', 'Solway', 'Cheviot', 'Quantock', 'Lomond', 'Avon', 'Trent', 'Humber',
  'Kingsbridge', 'Ashdown', 'Greyfriars', 'Blackfriars', 'Moorfield', 'Eastgate', 'Westbury', 'Northgate', 'Southwark', 'Castlegate',
  'Harrowden', 'Fenwick', 'Oakridge', 'Elmhurst', 'Beechwood', 'Hollybrook', 'Larkspur', 'Kestrel', 'Heron', 'Osprey',
  'Meridian', 'Sterling', 'Sovereign', 'Guardian', 'Beacon', 'Lighthouse', 'Compass', 'Anchor', 'Harbour', 'Keystone',
];

export const FIRM_ACTIVITY_WORDS: Record<string, string[]> = {
  adviser: ['Financial Planning', 'Wealth Management', 'Financial Services', 'Independent Financial Advisers', 'Private Clients', 'Investment Advisers'],
  mortgage: ['Mortgages', 'Mortgage Services', 'Mortgage & Protection', 'Home Finance', 'Mortgage Solutions', 'Lending Solutions'],
  broker: ['Insurance Brokers', 'Insurance Services', 'Risk Solutions', 'Underwriting Agency', 'Commercial Insurance', 'Broking'],
  insurer: ['Insurance Company', 'Assurance', 'General Insurance', 'Life Assurance', 'Mutual Insurance Society', 'Indemnity'],
  bank: ['Bank', 'Banking Corporation', 'Building Society', 'Savings Bank', 'Private Bank'],
  'fund-manager': ['Asset Management', 'Fund Managers', 'Investment Management', 'Capital Partners', 'Unit Trust Managers', 'Investments'],
  depositary: ['Trustee Services', 'Depositary Services', 'Trustees', 'Custody & Depositary'],
  'consumer-credit': ['Motor Finance', 'Car Sales', 'Credit Services', 'Finance', 'Loans', 'Vehicle Leasing'],
  payment: ['Payments', 'Pay', 'Money Transfer', 'Remittance', 'FX', 'Payment Services'],
  emoney: ['Money', 'Wallet', 'E-Money', 'Card Services', 'Digital Money'],
  broker_dealer: ['Securities', 'Markets', 'Capital Markets', 'Stockbrokers', 'Trading'],
  ar: ['Mortgages', 'Financial Solutions', 'Insurance Services', 'Protection', 'Finance', 'Car Sales', 'Estate Agents', 'Lettings', 'Motors', 'Financial Advice'],
};

export const COMPANY_SUFFIXES: Array<readonly [string, number]> = [
  ['Limited', 40],
  ['Ltd', 30],
  ['Ltd.', 3],
  ['LLP', 8],
  ['plc', 4],
  ['PLC', 1],
  ['(UK) Limited', 4],
  ['Group Limited', 3],
  ['& Co Limited', 2],
];

export const FUND_WORDS = {
  regions: ['UK', 'Global', 'European', 'American', 'Asia Pacific', 'Japan', 'Emerging Markets', 'China', 'Sterling', 'International'],
  assets: ['Equity', 'Equity Income', 'Smaller Companies', 'Corporate Bond', 'Gilt', 'Strategic Bond', 'Multi-Asset', 'Property', 'Absolute Return', 'Index', 'Sustainable Equity', 'High Yield Bond', 'Money Market', 'Balanced', 'Growth', 'Income'],
  forms: ['Fund', 'Trust', 'Portfolio', 'Unit Trust', 'Tracker Fund'],
  umbrellaForms: ['Investment Funds ICVC', 'OEIC', 'Funds ICVC', 'Investment Funds', 'Unit Trust Series', 'Authorised Contractual Scheme'],
};
