/** Named scholarships Nepali students apply for: [title, provider, destination, level, amount]. */
export const SCHOLARSHIPS: [string, string, string, string, string][] = [
  ['Australia Awards Scholarship', 'Australian Government (DFAT)', 'Australia', 'master', 'Full tuition, living allowance and return airfare'],
  ['Destination Australia Scholarship', 'Australian Government', 'Australia', 'bachelor', 'AUD 15,000 per year'],
  ['Chevening Scholarship', 'UK Foreign, Commonwealth & Development Office', 'United Kingdom', 'master', 'Full tuition, stipend and flights'],
  ['Commonwealth Master’s Scholarship', 'Commonwealth Scholarship Commission', 'United Kingdom', 'master', 'Full tuition and living allowance'],
  ['GREAT Scholarship Nepal', 'British Council and UK universities', 'United Kingdom', 'master', 'GBP 10,000 towards tuition'],
  ['Fulbright Foreign Student Program', 'United States Educational Foundation in Nepal', 'USA', 'master', 'Full tuition, stipend and health insurance'],
  ['Hubert H. Humphrey Fellowship', 'US Department of State', 'USA', 'master', 'Ten months of study and professional experience, fully funded'],
  ['Vanier Canada Graduate Scholarship', 'Government of Canada', 'Canada', 'phd', 'CAD 50,000 per year for three years'],
  ['Lester B. Pearson International Scholarship', 'University of Toronto', 'Canada', 'bachelor', 'Full tuition, books and residence for four years'],
  ['MEXT Japanese Government Scholarship', 'Embassy of Japan in Nepal', 'Japan', 'master', 'JPY 144,000 per month, tuition and airfare'],
  ['JASSO Honors Scholarship', 'Japan Student Services Organization', 'Japan', 'bachelor', 'JPY 48,000 per month'],
  ['DAAD Development-Related Postgraduate Courses', 'German Academic Exchange Service', 'Germany', 'master', 'EUR 934 per month, insurance and travel'],
  ['Deutschlandstipendium', 'German universities and private sponsors', 'Germany', 'bachelor', 'EUR 300 per month'],
  ['Manaaki New Zealand Scholarship', 'New Zealand Ministry of Foreign Affairs and Trade', 'New Zealand', 'master', 'Full tuition, living allowance and travel'],
  ['Global Korea Scholarship (GKS)', 'National Institute for International Education', 'South Korea', 'master', 'Tuition, KRW 1,000,000 per month and airfare'],
  ['Government of Ireland International Education Scholarship', 'Higher Education Authority', 'Ireland', 'master', 'EUR 10,000 stipend and full fee waiver'],
  ['Eiffel Excellence Scholarship', 'Campus France', 'France', 'master', 'EUR 1,181 per month'],
  ['Holland Scholarship', 'Dutch Ministry of Education and universities', 'Netherlands', 'bachelor', 'EUR 5,000 in the first year'],
  ['Orange Tulip Scholarship Nepal', 'Nuffic Neso and Dutch universities', 'Netherlands', 'master', 'Partial to full tuition waiver'],
  ['Danish Government Scholarship', 'Danish Agency for Higher Education', 'Denmark', 'master', 'Tuition waiver and living grant'],
  ['Finland Scholarship', 'Finnish universities', 'Finland', 'master', 'EUR 5,000 relocation grant and tuition waiver'],
  ['Swedish Institute Scholarship for Global Professionals', 'Swedish Institute', 'Sweden', 'master', 'Tuition, SEK 12,000 per month and insurance'],
  ['Erasmus Mundus Joint Masters Scholarship', 'European Commission', 'France', 'master', 'EUR 1,400 per month, tuition and travel'],
  ['Khalifa University Graduate Scholarship', 'Khalifa University', 'Dubai (UAE)', 'master', 'Full tuition and monthly stipend'],
];

export const SCHOLARSHIP_KINDS = ['International Merit Scholarship', 'Vice-Chancellor’s Excellence Award', 'South Asia Scholarship', 'Early Bird Tuition Discount', 'Global Excellence Scholarship'];

export const EVENT_TITLES = [
  'Australia Education Fair', 'UK University Spot Admission Day', 'USA Visa Preparation Workshop', 'Canada Study Permit Seminar', 'Japan Language School Info Session',
  'Study in Germany Orientation', 'New Zealand Education Expo', 'Korea GKS Information Session', 'Ireland Postgraduate Open Day', 'Study in Europe Fair',
  'IELTS Mock Test Day', 'PTE Strategy Masterclass', 'Scholarship Application Bootcamp', 'SOP Writing Workshop', 'Nursing Pathways Abroad Seminar',
  'Pre-departure Orientation', 'MBA Abroad Information Evening',
];

export const EVENT_VENUES = ['Hotel Yak & Yeti, Durbar Marg, Kathmandu', 'Hotel Annapurna, Durbar Marg, Kathmandu', 'Soaltee Hotel, Tahachal, Kathmandu', 'Hotel Barahi, Lakeside, Pokhara', 'Hotel Shanker, Lazimpat, Kathmandu', 'Bhrikuti Mandap, Kathmandu', 'Hotel Siddhartha, Butwal', 'Hotel Green Park, Chitwan'];

export const BLOG_CATEGORIES = ['Study Abroad Guides', 'Test Preparation', 'Visa & Immigration', 'Scholarships', 'Student Life', 'Career Advice'];
export const NEWS_CATEGORIES = ['Visa Updates', 'University News', 'Policy Changes', 'Exam Updates', 'Events'];

/** [title, category] */
export const BLOG_POSTS: [string, string][] = [
  ['How to Study in Australia from Nepal: The Complete Guide', 'Study Abroad Guides'],
  ['Study in the UK after +2: Costs, Intakes and Universities', 'Study Abroad Guides'],
  ['Studying in the USA: F-1 Visa Interview Questions and Answers', 'Visa & Immigration'],
  ['Canada Study Permit: Documents Checklist for Nepali Students', 'Visa & Immigration'],
  ['Japan Language Schools: April and October Intake Explained', 'Study Abroad Guides'],
  ['Free Education in Germany: Is It Really Free?', 'Study Abroad Guides'],
  ['New Zealand for Nepali Students: Cities, Costs and Work Rights', 'Study Abroad Guides'],
  ['South Korea D-2 Visa: Step-by-Step Process', 'Visa & Immigration'],
  ['IELTS vs PTE: Which English Test Should You Take?', 'Test Preparation'],
  ['How to Score 7 Bands in IELTS Writing Task 2', 'Test Preparation'],
  ['PTE Speaking Tips: Read Aloud and Repeat Sentence', 'Test Preparation'],
  ['Duolingo English Test: Is It Accepted for Visas?', 'Test Preparation'],
  ['GRE Preparation in Three Months: A Study Plan', 'Test Preparation'],
  ['JLPT N5 in Six Months: Resources That Work', 'Test Preparation'],
  ['Fully Funded Scholarships for Nepali Students in 2027', 'Scholarships'],
  ['How to Write a Winning Scholarship Essay', 'Scholarships'],
  ['Australia Awards: Eligibility and Timeline', 'Scholarships'],
  ['MEXT Scholarship through the Embassy of Japan: What to Expect', 'Scholarships'],
  ['Writing a Genuine Student Statement for Australia', 'Visa & Immigration'],
  ['Proof of Funds: Education Loans and Bank Balance Explained', 'Visa & Immigration'],
  ['Part-time Jobs for International Students in Sydney', 'Student Life'],
  ['Finding Accommodation in London on a Budget', 'Student Life'],
  ['Winter in Canada: What Nepali Students Should Pack', 'Student Life'],
  ['Dashain and Tihar Abroad: Celebrating Away from Home', 'Student Life'],
  ['Nursing in Australia: From Bachelor to Registration', 'Career Advice'],
  ['IT Careers in Germany for International Graduates', 'Career Advice'],
  ['Post-Study Work Visas Compared: UK, Australia, Canada', 'Career Advice'],
  ['Choosing a Consultancy in Kathmandu: Ten Questions to Ask', 'Study Abroad Guides'],
  ['No Objection Certificate (NOC) from the Ministry of Education', 'Visa & Immigration'],
  ['Gap Year Explained: How to Justify It in Your Application', 'Study Abroad Guides'],
];

export const NEWS_ITEMS: [string, string][] = [
  ['Australia Raises Student Visa Financial Requirement', 'Visa Updates'],
  ['UK Confirms Graduate Route Remains at Two Years', 'Policy Changes'],
  ['US Embassy Kathmandu Opens Additional F-1 Interview Slots', 'Visa Updates'],
  ['Canada Announces Study Permit Cap for 2027', 'Policy Changes'],
  ['Japan Increases Part-time Work Limit During Holidays', 'Policy Changes'],
  ['Germany Raises Blocked Account Amount', 'Visa Updates'],
  ['New Zealand Extends Post-Study Work Rights for Master Graduates', 'Policy Changes'],
  ['Korea Expands GKS Quota for Nepal', 'University News'],
  ['Ireland Reports Record Number of Nepali Students', 'University News'],
  ['IELTS One Skill Retake Now Available in Nepal', 'Exam Updates'],
  ['PTE Academic Introduces New Question Types', 'Exam Updates'],
  ['TOEFL iBT Shortened to Two Hours', 'Exam Updates'],
  ['JLPT December Registration Opens in Kathmandu', 'Exam Updates'],
  ['Ministry of Education Moves NOC Application Online', 'Policy Changes'],
  ['Nepal Rastra Bank Revises Foreign Exchange Limit for Students', 'Policy Changes'],
  ['University of Melbourne Launches South Asia Scholarship', 'University News'],
  ['Monash University Opens Kathmandu Information Office', 'University News'],
  ['UK Universities Accept Nepal +2 for Direct Entry', 'University News'],
  ['Australia Education Fair Draws Thousands in Kathmandu', 'Events'],
  ['Study in Europe Fair Returns to Kathmandu', 'Events'],
  ['Canada Speeds Up Processing for SDS-Style Applications', 'Visa Updates'],
  ['Denmark Introduces New Rules for Accompanying Family', 'Policy Changes'],
  ['Finland Offers Fast-Track Residence Permits', 'Visa Updates'],
  ['Sweden Raises Maintenance Requirement', 'Visa Updates'],
  ['Duolingo Test Accepted by More UK Universities', 'Exam Updates'],
  ['GRE General Test Dates Added for Nepal', 'Exam Updates'],
  ['Netherlands Universities Limit English-Taught Bachelors', 'Policy Changes'],
  ['UAE Launches Ten-Year Golden Visa for Top Graduates', 'Visa Updates'],
  ['Education Consultancies Must Renew Permission Annually', 'Policy Changes'],
  ['Japan Language School Intake Numbers Rise Again', 'University News'],
];

export const FEATURED_PAGES: [string, string][] = [
  ['Study in Australia 2027', 'Universities, costs, intakes and visa steps for the February and July intakes.'],
  ['Top Nursing Programmes Abroad', 'Nursing pathways in Australia, the UK, Canada and Finland with registration routes.'],
  ['Scholarships Open This Month', 'Fully and partially funded scholarships with deadlines coming up.'],
  ['Japan Language School Guide', 'Everything about language schools, JLPT and NAT, and part-time work in Japan.'],
  ['Study in Europe on a Budget', 'Germany, Finland, France and the Netherlands: low tuition and strong post-study options.'],
  ['Verified Consultancies in Kathmandu', 'Consultancies verified by our team, with MOE permission and transparent fees.'],
];

export const FORUM_CATEGORIES: [string, string][] = [
  ['Visa & Documentation', 'Visa files, financials, interviews and NOC.'],
  ['English Tests', 'IELTS, PTE, TOEFL and Duolingo preparation.'],
  ['Universities & Courses', 'Choosing a university, course or city.'],
  ['Scholarships', 'Finding and applying for scholarships.'],
  ['Life Abroad', 'Accommodation, part-time work and settling in.'],
  ['Consultancy Reviews', 'Experiences with consultancies in Nepal.'],
];

/** [title, category, body]; {d} is replaced by a destination, {e} by an exam. */
export const FORUM_TEMPLATES: [string, string, string][] = [
  ['Is a gap of 3 years acceptable for {d}?', 'Visa & Documentation', 'I finished my bachelor in 2023 and have been working since. Will a three-year gap be a problem for a {d} student visa?'],
  ['How much bank balance is needed for {d}?', 'Visa & Documentation', 'What is the current proof of funds requirement for {d} and how long must it be held?'],
  ['Visa refused for {d}, what next?', 'Visa & Documentation', 'My visa was refused last month. Should I reapply immediately or change the destination?'],
  ['Education loan or sponsor for {d}?', 'Visa & Documentation', 'Is an education loan from a Nepali bank better than showing my uncle as sponsor?'],
  ['{e} score needed for nursing?', 'English Tests', 'What {e} score do nursing programmes require, and is it different for registration?'],
  ['Best way to prepare for {e} in one month?', 'English Tests', 'I have one month before my {e} test. Any study plan or materials you recommend?'],
  ['{e} or IELTS for {d}?', 'English Tests', 'Which test is easier and more widely accepted for {d}?'],
  ['Which city in {d} is cheapest for students?', 'Universities & Courses', 'Looking for a city in {d} with low rent and good part-time jobs.'],
  ['Is IT still a good choice in {d}?', 'Universities & Courses', 'Many friends chose IT. Is the market in {d} still good for international graduates?'],
  ['Diploma or bachelor in {d}?', 'Universities & Courses', 'With a +2 score of 2.8 GPA, should I start with a diploma in {d}?'],
  ['Scholarship chances for {d} with 3.2 GPA?', 'Scholarships', 'Do universities in {d} give merit scholarships to students with a 3.2 GPA?'],
  ['Anyone got a scholarship in {d} this year?', 'Scholarships', 'Please share how you applied and when you got the result.'],
  ['Part-time jobs for students in {d}', 'Life Abroad', 'How easy is it to find a part-time job in the first month in {d}?'],
  ['Accommodation tips for the first month in {d}', 'Life Abroad', 'Should I book a homestay or share a flat with other Nepali students in {d}?'],
  ['Experience with consultancies in Putalisadak?', 'Consultancy Reviews', 'Planning for {d}. Which consultancies in Putalisadak were honest about fees?'],
];

export const FORUM_REPLIES = [
  'I had the same question last year. My consultancy suggested a detailed SOP explaining everything, and it worked.',
  'Check the official immigration website first; the rules changed recently.',
  'It depends on your academic profile. Strong documents matter more than anything else.',
  'I was in a similar situation and got my visa after showing my work experience letters.',
  'Prepare with official practice tests; the real exam felt very similar.',
  'Talk to current students on LinkedIn, they give honest answers.',
  'Budget at least three months of living costs before you find work.',
  'Many universities offer an automatic scholarship, ask for it in your offer letter.',
  'Try the university’s own accommodation for the first semester, then move out.',
  'Do not pay a consultancy before you get an offer letter in writing.',
];
