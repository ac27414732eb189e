/**
 * The words Nepali students search with for the demo's countries, course levels, fields and exams, as
 * synonym groups (the `synonym` entity: admins add more in the console). The term is the word the
 * data uses; each of the words finds what it finds. Words that are also common English words
 * ("be", "me") are left out: a group applies wherever its words appear in a query ("it" stays: students
 * search "IT in Australia" far more often than a sentence with "it").
 */
export const SYNONYM_GROUPS: { term: string; words: string[] }[] = [
  { term: 'United Kingdom', words: ['UK', 'England', 'Britain', 'Great Britain', 'GB', 'Scotland', 'Wales'] },
  { term: 'USA', words: ['United States', 'United States of America', 'US', 'America'] },
  { term: 'Australia', words: ['Aus', 'Aussie', 'Oz'] },
  { term: 'New Zealand', words: ['NZ'] },
  { term: 'South Korea', words: ['Korea'] },
  { term: 'UAE', words: ['United Arab Emirates', 'Emirates'] },
  { term: 'Netherlands', words: ['Holland'] },
  { term: 'Germany', words: ['Deutschland'] },
  { term: 'bachelor', words: ['bachelors', 'bachelor degree', 'BSc', 'BBS', 'BA', 'undergraduate', 'UG'] },
  { term: 'master', words: ['masters', 'master degree', 'MSc', 'MBS', 'MA', 'postgraduate', 'PG'] },
  // a degree of its own: "mba" looks for business courses, not every master's
  { term: 'MBA', words: ['Master of Business Administration'] },
  { term: 'BBA', words: ['Bachelor of Business Administration'] },
  { term: 'BIT', words: ['Bachelor of Information Technology'] },
  { term: 'Information Technology', words: ['IT', 'ICT'] },
  { term: 'Computer Science', words: ['CS', 'CSIT'] },
  // what Nepal calls the field ("hotel management" colleges), which universities abroad call hospitality
  { term: 'Hospitality', words: ['hotel management', 'hotel'] },
  // events: a fair is an education fair whether or not its name says so ("Study in Europe Fair")
  { term: 'fair', words: ['education fair', 'education expo', 'expo'] },
  { term: 'diploma', words: ['diplomas', 'advanced diploma'] },
  { term: 'PhD', words: ['doctorate', 'doctoral', 'DPhil'] },
  { term: 'foundation', words: ['pathway'] },
  { term: 'IELTS', words: ['International English Language Testing System'] },
  { term: 'PTE', words: ['Pearson', 'Pearson Test of English'] },
  { term: 'TOEFL', words: ['Test of English as a Foreign Language', 'iBT'] },
  { term: 'Duolingo', words: ['DET', 'Duolingo English Test'] },
  { term: 'GRE', words: ['Graduate Record Examination'] },
  { term: 'GMAT', words: ['Graduate Management Admission Test'] },
  { term: 'SAT', words: ['Scholastic Assessment Test'] },
  { term: 'JLPT', words: ['Japanese Language Proficiency Test'] },
  { term: 'TOPIK', words: ['Test of Proficiency in Korean'] },
];
