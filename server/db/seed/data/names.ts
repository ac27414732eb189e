/** Word lists that compose plausible Nepali consultancy and college names. */
export const CONSULTANCY_FIRST = [
  'Everest', 'Himalayan', 'Annapurna', 'Global', 'Kathmandu', 'Sagarmatha', 'Lumbini', 'Nexus', 'Pioneer', 'Zenith', 'Summit', 'Apex', 'Vision', 'Bright Future',
  'Dream', 'Pathway', 'Gateway', 'Horizon', 'Unique', 'Elite', 'Royal', 'Smart', 'Prime', 'Alpha', 'Orbit', 'Crystal', 'Silver Oak', 'Machhapuchhre', 'Kanchenjunga',
  'Mount', 'Blue Sky', 'Galaxy', 'Trinity', 'Career Point', 'Edu Hub', 'StudyLink', 'Oxford', 'Cambridge', 'Kiwi', 'Kangaroo', 'Maple', 'Sakura', 'Fuji', 'Hanuri',
  'Rhine', 'Nordic', 'Atlas', 'Compass', 'Lotus', 'Rhododendron', 'Dhaulagiri', 'Langtang', 'Makalu', 'Gorkha', 'Namaste', 'Shikhar', 'Aakash', 'Sunrise', 'Rising Star',
];
export const CONSULTANCY_MIDDLE = ['', '', '', 'International', 'Overseas', 'Global', 'Abroad', 'World', 'Academic', 'Career'];
export const CONSULTANCY_LAST = [
  'Education Consultancy', 'Educational Consultancy', 'Education Foundation', 'Consultancy', 'Study Abroad', 'Education Services', 'Education Network', 'Institute',
  'Education Centre', 'Educational Consultant Pvt. Ltd.', 'Overseas Education', 'Language Institute',
];

export const HIGHLIGHTS = [
  'Free counselling and profile assessment', 'Visa success rate above 95%', 'IELTS and PTE classes with mock tests', 'Scholarship guidance', 'Accommodation and airport pickup support',
  'Official representative of 50+ universities', 'Document and SOP preparation', 'Education loan assistance', 'Pre-departure orientation', 'Experienced counsellors trained in Australia',
  'Japanese language classes from N5 to N3', 'Korean TOPIK preparation', 'Weekend classes for working students', 'Spouse and dependent visa support', 'Free application to partner universities',
  'Branch offices across Nepal', 'Online counselling via Zoom', 'Transparent fees with receipts',
];

export const COLLEGE_FIRST = [
  'Kathmandu', 'Himalayan', 'Pokhara', 'Chitwan', 'Lalitpur', 'Global', 'Nepal', 'Islington', 'Kings', 'Trinity', 'Prime', 'Apex', 'National', 'Ace', 'Texas',
  'Softwarica', 'Herald', 'Lord Buddha', 'Orchid', 'Nobel', 'Patan', 'Shanker Dev', 'Sagarmatha', 'Kantipur', 'Padmashree', 'Uniglobe', 'Phoenix', 'Boston', 'Liberty', 'Everest',
];
export const COLLEGE_LAST = ['College', 'College of Management', 'International College', 'Engineering College', 'College of Nursing', 'Academy', 'Institute of Technology', 'College of IT'];

export const COURSE_DEGREE: Record<string, string> = {
  certificate: 'Certificate IV in',
  diploma: 'Diploma of',
  foundation: 'Foundation Year in',
  bachelor: 'Bachelor of',
  master: 'Master of',
  phd: 'PhD in',
};

export const COURSE_MONTHS: Record<string, number[]> = {
  certificate: [6, 12],
  diploma: [12, 18, 24],
  foundation: [9, 12],
  bachelor: [36, 48],
  master: [12, 18, 24],
  phd: [36, 48],
};
