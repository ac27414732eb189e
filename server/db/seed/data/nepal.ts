/** The 77 districts of Nepal by province (2015 constitution names). */
export const DISTRICTS_BY_PROVINCE = {
  Koshi: ['Bhojpur', 'Dhankuta', 'Ilam', 'Jhapa', 'Khotang', 'Morang', 'Okhaldhunga', 'Panchthar', 'Sankhuwasabha', 'Solukhumbu', 'Sunsari', 'Taplejung', 'Terhathum', 'Udayapur'],
  Madhesh: ['Bara', 'Dhanusha', 'Mahottari', 'Parsa', 'Rautahat', 'Saptari', 'Sarlahi', 'Siraha'],
  Bagmati: ['Bhaktapur', 'Chitwan', 'Dhading', 'Dolakha', 'Kathmandu', 'Kavrepalanchok', 'Lalitpur', 'Makwanpur', 'Nuwakot', 'Ramechhap', 'Rasuwa', 'Sindhuli', 'Sindhupalchok'],
  Gandaki: ['Baglung', 'Gorkha', 'Kaski', 'Lamjung', 'Manang', 'Mustang', 'Myagdi', 'Nawalpur', 'Parbat', 'Syangja', 'Tanahun'],
  Lumbini: ['Arghakhanchi', 'Banke', 'Bardiya', 'Dang', 'Eastern Rukum', 'Gulmi', 'Kapilvastu', 'Palpa', 'Parasi', 'Pyuthan', 'Rolpa', 'Rupandehi'],
  Karnali: ['Dailekh', 'Dolpa', 'Humla', 'Jajarkot', 'Jumla', 'Kalikot', 'Mugu', 'Salyan', 'Surkhet', 'Western Rukum'],
  Sudurpashchim: ['Achham', 'Baitadi', 'Bajhang', 'Bajura', 'Dadeldhura', 'Darchula', 'Doti', 'Kailali', 'Kanchanpur'],
} as const;

export type Province = keyof typeof DISTRICTS_BY_PROVINCE;

export const DISTRICTS = Object.entries(DISTRICTS_BY_PROVINCE).flatMap(([province, names]) => names.map((name) => ({ name, province: province as Province })));

/**
 * Where consultancies and colleges have offices: an area and its city, with the district. The
 * weights make Kathmandu dominate as it does in reality, so a search for Kathmandu finds many.
 */
export const OFFICE_LOCATIONS: { areas: string[]; city: string; district: string; weight: number }[] = [
  { areas: ['Putalisadak', 'Bagbazar', 'Dillibazar', 'New Baneshwor', 'Old Baneshwor', 'Kamalpokhari', 'Chabahil', 'Maitidevi', 'Naxal', 'Thamel', 'Kalanki', 'Koteshwor', 'Sinamangal', 'Gaushala', 'Tinkune', 'Lazimpat', 'Baluwatar', 'Sukedhara', 'Maharajgunj', 'Balaju'], city: 'Kathmandu', district: 'Kathmandu', weight: 12 },
  { areas: ['Pulchowk', 'Jawalakhel', 'Kupondole', 'Satdobato', 'Lagankhel', 'Sanepa', 'Ekantakuna'], city: 'Lalitpur', district: 'Lalitpur', weight: 3 },
  { areas: ['Suryabinayak', 'Sallaghari', 'Kamalbinayak', 'Jagati'], city: 'Bhaktapur', district: 'Bhaktapur', weight: 1 },
  { areas: ['Lakeside', 'Newroad', 'Chipledhunga', 'Mahendrapool', 'Prithvi Chowk', 'Srijana Chowk', 'Bagar'], city: 'Pokhara', district: 'Kaski', weight: 4 },
  { areas: ['Narayangadh', 'Pulchowk', 'Bharatpur Height', 'Lions Chowk'], city: 'Chitwan', district: 'Chitwan', weight: 3 },
  { areas: ['Traffic Chowk', 'Milanchowk', 'Devinagar', 'Golpark'], city: 'Butwal', district: 'Rupandehi', weight: 2 },
  { areas: ['Bhrikuti Chowk', 'Bank Road', 'Suntali Chowk'], city: 'Bhairahawa', district: 'Rupandehi', weight: 1 },
  { areas: ['Main Road', 'Mahendra Chowk', 'Pokhariya', 'Bargachhi'], city: 'Biratnagar', district: 'Morang', weight: 2 },
  { areas: ['Buddha Chowk', 'Birtamode Bazar', 'Sanischare Road'], city: 'Birtamode', district: 'Jhapa', weight: 1 },
  { areas: ['Zero Mile', 'Dharan-8', 'Putali Line', 'Bhanu Chowk'], city: 'Dharan', district: 'Sunsari', weight: 1 },
  { areas: ['Itahari Chowk', 'Dharan Road'], city: 'Itahari', district: 'Sunsari', weight: 1 },
  { areas: ['Bhanu Chowk', 'Station Road', 'Mills Area'], city: 'Janakpur', district: 'Dhanusha', weight: 1 },
  { areas: ['Adarsha Nagar', 'Ghantaghar', 'Powerhouse Road'], city: 'Birgunj', district: 'Parsa', weight: 1 },
  { areas: ['BP Chowk', 'Tribhuvan Chowk', 'Nepalgunj Road'], city: 'Nepalgunj', district: 'Banke', weight: 1 },
  { areas: ['Ghorahi Bazar', 'Tulsipur Road'], city: 'Ghorahi', district: 'Dang', weight: 1 },
  { areas: ['Chauraha', 'Tikapur Road', 'Campus Road'], city: 'Dhangadhi', district: 'Kailali', weight: 1 },
  { areas: ['Mahendranagar Bazar'], city: 'Mahendranagar', district: 'Kanchanpur', weight: 1 },
  { areas: ['Birendranagar-6', 'Itram'], city: 'Surkhet', district: 'Surkhet', weight: 1 },
  { areas: ['Damauli Bazar'], city: 'Damauli', district: 'Tanahun', weight: 1 },
  { areas: ['Tansen Bazar'], city: 'Palpa', district: 'Palpa', weight: 1 },
  { areas: ['Hetauda-4', 'Bhutandevi Chowk'], city: 'Hetauda', district: 'Makwanpur', weight: 1 },
  { areas: ['Banepa Chowk', 'Dhulikhel Bazar'], city: 'Banepa', district: 'Kavrepalanchok', weight: 1 },
];

export const FIRST_NAMES = [
  'Aarav', 'Aayush', 'Anish', 'Bibek', 'Bikash', 'Dipesh', 'Kiran', 'Manish', 'Nabin', 'Prabin', 'Rajan', 'Roshan', 'Sagar', 'Sandesh', 'Sujan', 'Sunil', 'Suman', 'Ujjwal',
  'Aastha', 'Anjali', 'Asmita', 'Bipana', 'Jenisha', 'Kritika', 'Manisha', 'Nisha', 'Pooja', 'Prakriti', 'Rojina', 'Sabina', 'Sarita', 'Shristi', 'Srijana', 'Sushma',
];

export const LAST_NAMES = [
  'Adhikari', 'Bhandari', 'Bhattarai', 'Chaudhary', 'Dahal', 'Gautam', 'Ghimire', 'Gurung', 'KC', 'Karki', 'Khadka', 'Koirala', 'Lama', 'Magar', 'Maharjan', 'Neupane',
  'Pandey', 'Paudel', 'Pokharel', 'Rai', 'Regmi', 'Sapkota', 'Shahi', 'Sharma', 'Shrestha', 'Subedi', 'Tamang', 'Thapa', 'Tiwari', 'Yadav',
];

/** A Nepali mobile number: 98 followed by eight digits. */
export const mobileNumber = (n: number) => `98${String(41_000_000 + ((n * 7_919_371) % 58_000_000)).padStart(8, '0')}`;
