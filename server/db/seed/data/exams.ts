import type { EXAM_TYPES } from '../../../../src/lib/contract/entities/exam.ts';

export interface ExamData {
  name: string;
  fullName: string;
  type: (typeof EXAM_TYPES)[number];
  duration: string;
  scoreRange: string;
  fee: string;
  validity: string;
  website: string;
  about: string;
}

export const EXAMS: ExamData[] = [
  { name: 'IELTS', fullName: 'International English Language Testing System', type: 'english', duration: '2 hours 45 minutes', scoreRange: 'Band 0 to 9', fee: 'NPR 29,900', validity: '2 years', website: 'https://www.ielts.org', about: 'Accepted for study visas to the UK, Australia, Canada and New Zealand. Academic and General Training modules, paper or computer based, held weekly in Kathmandu, Pokhara, Chitwan and Butwal.' },
  { name: 'PTE', fullName: 'Pearson Test of English Academic', type: 'english', duration: '2 hours', scoreRange: '10 to 90', fee: 'NPR 27,500', validity: '2 years', website: 'https://www.pearsonpte.com', about: 'A fully computer-based English test with results usually in two days, widely used for Australian and New Zealand visas.' },
  { name: 'TOEFL', fullName: 'Test of English as a Foreign Language (iBT)', type: 'english', duration: '2 hours', scoreRange: '0 to 120', fee: 'NPR 26,000', validity: '2 years', website: 'https://www.ets.org/toefl', about: 'The English test most American universities prefer. Reading, listening, speaking and writing on a computer at a test centre or at home.' },
  { name: 'Duolingo', fullName: 'Duolingo English Test', type: 'english', duration: '1 hour', scoreRange: '10 to 160', fee: 'USD 70', validity: '2 years', website: 'https://englishtest.duolingo.com', about: 'An adaptive online test taken from home, accepted by thousands of universities in the USA, Canada and Europe.' },
  { name: 'SAT', fullName: 'Scholastic Assessment Test', type: 'aptitude', duration: '2 hours 14 minutes', scoreRange: '400 to 1600', fee: 'USD 68 plus international fee', validity: '5 years', website: 'https://satsuite.collegeboard.org', about: 'The digital admission test for undergraduate study in the USA. A strong score helps with merit scholarships.' },
  { name: 'GRE', fullName: 'Graduate Record Examination', type: 'aptitude', duration: '1 hour 58 minutes', scoreRange: '260 to 340', fee: 'USD 220', validity: '5 years', website: 'https://www.ets.org/gre', about: 'Verbal reasoning, quantitative reasoning and analytical writing for master and PhD admissions, mostly in the USA.' },
  { name: 'GMAT', fullName: 'Graduate Management Admission Test (Focus Edition)', type: 'aptitude', duration: '2 hours 15 minutes', scoreRange: '205 to 805', fee: 'USD 275', validity: '5 years', website: 'https://www.mba.com', about: 'The admission test for MBA and business master programmes worldwide.' },
  { name: 'JLPT', fullName: 'Japanese Language Proficiency Test', type: 'language', duration: '1 hour 50 minutes to 2 hours 55 minutes by level', scoreRange: 'N5 to N1', fee: 'NPR 2,500', validity: 'Does not expire', website: 'https://www.jlpt.jp', about: 'Held in July and December in Kathmandu. N5 or N4 is the usual requirement for Japanese language schools.' },
  { name: 'NAT', fullName: 'Japanese Language NAT-TEST', type: 'language', duration: '1 hour 50 minutes', scoreRange: '5 Kyu to 1 Kyu', fee: 'NPR 2,200', validity: 'Does not expire', website: 'https://www.nat-test.com', about: 'Held six times a year in Nepal, so students can show Japanese ability sooner than with the JLPT.' },
  { name: 'TOPIK', fullName: 'Test of Proficiency in Korean', type: 'language', duration: '1 hour 40 minutes (TOPIK I)', scoreRange: 'Level 1 to 6', fee: 'NPR 2,000', validity: '2 years', website: 'https://www.topik.go.kr', about: 'Korean language test for admission, scholarships such as GKS and work hours on the D-2 visa.' },
  { name: 'German A1', fullName: 'Goethe-Zertifikat A1: Start Deutsch 1', type: 'language', duration: '1 hour 20 minutes', scoreRange: '0 to 100 (pass 60)', fee: 'NPR 18,000', validity: 'Does not expire', website: 'https://www.goethe.de', about: 'Basic German required for many visas and for Ausbildung preparation.' },
  { name: 'German B1', fullName: 'Goethe-Zertifikat B1', type: 'language', duration: '3 hours 10 minutes', scoreRange: '0 to 100 per module (pass 60)', fee: 'NPR 24,000', validity: 'Does not expire', website: 'https://www.goethe.de', about: 'Intermediate German for Ausbildung, nursing and German-taught bachelor programmes.' },
];

export const DISCIPLINES: { name: string; description: string; courses: string[] }[] = [
  { name: 'Computer Science & IT', description: 'Software, data, networks and cyber security.', courses: ['Computer Science', 'Information Technology', 'Software Engineering', 'Cyber Security', 'Data Science'] },
  { name: 'Business & Management', description: 'Management, entrepreneurship and administration.', courses: ['Business Administration', 'Management', 'International Business', 'Project Management'] },
  { name: 'Accounting & Finance', description: 'Accounting, banking, finance and actuarial studies.', courses: ['Accounting', 'Finance', 'Banking and Finance', 'Professional Accounting'] },
  { name: 'Nursing', description: 'Registered nursing and midwifery.', courses: ['Nursing', 'Midwifery', 'Mental Health Nursing'] },
  { name: 'Medicine & Health Sciences', description: 'Public health, pharmacy and allied health.', courses: ['Public Health', 'Pharmacy', 'Physiotherapy', 'Biomedical Science'] },
  { name: 'Engineering', description: 'Civil, mechanical, electrical and electronic engineering.', courses: ['Civil Engineering', 'Mechanical Engineering', 'Electrical Engineering', 'Electronic Engineering'] },
  { name: 'Architecture & Construction', description: 'Architecture, construction and quantity surveying.', courses: ['Architecture', 'Construction Management', 'Quantity Surveying'] },
  { name: 'Hospitality & Tourism', description: 'Hotel, tourism and event management.', courses: ['Hospitality Management', 'Tourism Management', 'Event Management'] },
  { name: 'Culinary Arts', description: 'Commercial cookery and patisserie.', courses: ['Commercial Cookery', 'Patisserie', 'Culinary Management'] },
  { name: 'Agriculture & Environment', description: 'Agriculture, forestry and environmental science.', courses: ['Agricultural Science', 'Environmental Science', 'Forestry'] },
  { name: 'Education & Teaching', description: 'Early childhood, primary and secondary teaching.', courses: ['Early Childhood Education', 'Education', 'TESOL'] },
  { name: 'Law', description: 'Law and legal studies.', courses: ['Law', 'International Law', 'Legal Studies'] },
  { name: 'Social Sciences', description: 'Psychology, sociology and social work.', courses: ['Psychology', 'Social Work', 'Sociology', 'International Relations'] },
  { name: 'Arts & Design', description: 'Graphic design, fashion and fine arts.', courses: ['Graphic Design', 'Fashion Design', 'Fine Arts', 'Interior Design'] },
  { name: 'Media & Communication', description: 'Journalism, film and marketing communication.', courses: ['Journalism', 'Media and Communication', 'Film Production'] },
  { name: 'Marketing', description: 'Marketing, digital marketing and public relations.', courses: ['Marketing', 'Digital Marketing', 'Public Relations'] },
  { name: 'Natural Sciences', description: 'Physics, chemistry, biology and mathematics.', courses: ['Physics', 'Chemistry', 'Biotechnology', 'Mathematics'] },
  { name: 'Economics', description: 'Economics and development studies.', courses: ['Economics', 'Development Studies', 'Business Economics'] },
  { name: 'Aviation', description: 'Aviation management and piloting.', courses: ['Aviation Management', 'Aeronautical Engineering'] },
  { name: 'Supply Chain & Logistics', description: 'Logistics, supply chain and operations.', courses: ['Supply Chain Management', 'Logistics Management'] },
];
