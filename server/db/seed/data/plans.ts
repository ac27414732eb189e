/**
 * The steps of each demo destination's plan, from offer to departure (issue 27). Only facts we are
 * sure of, each step with the official page it comes from; a field left out is not known for
 * certain (never a guess). Fees change often, so amounts in other currencies are left to the
 * official pages and `fee_npr` is empty.
 */
export interface SeedStep {
  title: string;
  what_to_do: string;
  where?: string;
  documents?: string[];
  typical_days?: number;
  official_links: string[];
  notes_nepal?: string;
}

const NOC_LINKS = ['https://noc.moest.gov.np/', 'https://moest.gov.np/'];

/** Every destination's plan has it: banks in Nepal send fees abroad only with it. */
export const NOC_STEP: SeedStep = {
  title: 'No Objection Certificate (NOC) from the Ministry of Education',
  what_to_do:
    "Apply online for a No Objection Certificate for study abroad, naming the institution and course of your offer. Banks in Nepal ask for it before they send tuition or living costs abroad.",
  where: "Online, on the Ministry of Education, Science and Technology's NOC system",
  documents: ['Offer or admission letter', 'Academic transcripts and certificates', 'Citizenship certificate or passport'],
  official_links: NOC_LINKS,
  notes_nepal: 'The NOC names one institution: if you change institution, apply for a new one. Keep a copy for your bank and your visa file.',
};

const HOME_AFFAIRS = 'https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/student-500';
const GOV_UK = 'https://www.gov.uk/student-visa';
const STUDY_PERMIT = 'https://www.canada.ca/en/immigration-refugees-citizenship/services/study-canada/study-permit.html';
const US_STUDENT_VISA = 'https://travel.state.gov/content/travel/en/us-visas/study/student-visa.html';
const NZ_IMMIGRATION = 'https://www.immigration.govt.nz/';

/** By destination name, in order; the NOC step goes where it falls in each. */
export const PLANS: Record<string, SeedStep[]> = {
  Australia: [
    {
      title: 'Accept your offer and receive your Confirmation of Enrolment (CoE)',
      what_to_do: 'Accept the offer and pay the deposit your institution asks for; it then issues your CoE, which the visa application needs.',
      where: 'Your institution',
      documents: ['Offer letter', 'Deposit receipt'],
      official_links: [HOME_AFFAIRS],
    },
    NOC_STEP,
    {
      title: 'Buy Overseas Student Health Cover (OSHC)',
      what_to_do: 'Buy OSHC for the whole time of your student visa: the visa requires it.',
      documents: ['OSHC policy certificate'],
      official_links: [HOME_AFFAIRS],
    },
    {
      title: 'Apply for the Student visa (subclass 500)',
      what_to_do: 'Apply online in ImmiAccount and pay the visa fee shown by Home Affairs.',
      where: 'Online, ImmiAccount',
      documents: ['Passport', 'Confirmation of Enrolment', 'Genuine Student statement', 'English test result', 'Evidence of funds', 'OSHC policy certificate'],
      official_links: [HOME_AFFAIRS],
    },
    {
      title: 'Give biometrics and have health examinations if asked',
      what_to_do: 'After you apply, Home Affairs tells you whether to give biometrics and to see a panel physician; do both before the dates in its letter.',
      documents: ['Request letter from Home Affairs', 'Passport'],
      official_links: [HOME_AFFAIRS],
    },
  ],
  'United Kingdom': [
    {
      title: 'Receive your Confirmation of Acceptance for Studies (CAS)',
      what_to_do: 'Accept your unconditional offer; your university then gives you a CAS reference number for the visa application.',
      where: 'Your university',
      documents: ['Unconditional offer letter'],
      official_links: [GOV_UK],
    },
    NOC_STEP,
    {
      title: 'Take a tuberculosis (TB) test',
      what_to_do: 'Applicants from Nepal need a TB test certificate from a clinic approved by the UK Home Office.',
      where: 'A clinic approved by the UK Home Office',
      documents: ['Passport', 'TB test certificate'],
      official_links: ['https://www.gov.uk/tb-test-visa'],
    },
    {
      title: 'Hold your maintenance funds for 28 days',
      what_to_do: 'Keep the money for your course fees and living costs in the account for 28 consecutive days before you apply.',
      documents: ['Bank statement or bank letter covering 28 days'],
      typical_days: 28,
      official_links: ['https://www.gov.uk/student-visa/money'],
    },
    {
      title: 'Apply for the Student visa and pay the immigration health surcharge',
      what_to_do: 'Apply online, pay the visa fee and the immigration health surcharge, then book your appointment at a visa application centre.',
      where: 'Online, then a UK visa application centre',
      documents: ['Passport', 'CAS number', 'Proof of funds', 'TB test certificate'],
      official_links: ['https://www.gov.uk/student-visa/apply', 'https://www.gov.uk/healthcare-immigration-application'],
    },
  ],
  USA: [
    {
      title: 'Receive your Form I-20',
      what_to_do: 'Your SEVP-certified school sends the Form I-20 once you are admitted and have shown your funds.',
      where: 'Your school',
      documents: ['Admission letter', 'Financial documents for the school'],
      official_links: ['https://studyinthestates.dhs.gov/students'],
    },
    NOC_STEP,
    {
      title: 'Pay the SEVIS I-901 fee',
      what_to_do: 'Pay the I-901 fee online and keep the receipt for the interview.',
      where: 'Online',
      documents: ['Form I-20', 'I-901 payment receipt'],
      official_links: ['https://www.fmjfee.com/'],
    },
    {
      title: 'Fill in the DS-160 and book your interview',
      what_to_do: 'Complete the online DS-160 form, pay the visa application fee and book an interview at the U.S. Embassy.',
      where: 'Online',
      documents: ['Passport', 'Form I-20', 'Photo', 'DS-160 confirmation page'],
      official_links: ['https://ceac.state.gov/genniv/', US_STUDENT_VISA],
    },
    {
      title: 'Attend the F-1 visa interview',
      what_to_do: 'Bring your documents to the interview at the U.S. Embassy.',
      where: 'U.S. Embassy, Maharajgunj, Kathmandu',
      documents: ['Passport', 'Form I-20', 'DS-160 confirmation page', 'I-901 payment receipt', 'Financial documents', 'Academic transcripts and certificates'],
      official_links: [US_STUDENT_VISA],
    },
  ],
  Canada: [
    {
      title: 'Receive your letter of acceptance and provincial attestation letter (PAL)',
      what_to_do: 'Your designated learning institution sends the letter of acceptance; most students also need a PAL from the province.',
      where: 'Your institution',
      documents: ['Letter of acceptance', 'Provincial attestation letter'],
      official_links: [STUDY_PERMIT],
    },
    NOC_STEP,
    {
      title: 'Apply for the study permit',
      what_to_do: 'Apply online and pay the study permit and biometrics fees shown by IRCC.',
      where: 'Online, IRCC account',
      documents: ['Passport', 'Letter of acceptance', 'Provincial attestation letter', 'Proof of financial support'],
      official_links: [STUDY_PERMIT],
    },
    {
      title: 'Give your biometrics',
      what_to_do: 'After you apply, IRCC sends a biometrics instruction letter; give fingerprints and a photo at a visa application centre.',
      where: 'A visa application centre',
      documents: ['Biometrics instruction letter', 'Passport'],
      official_links: ['https://www.canada.ca/en/immigration-refugees-citizenship/campaigns/biometrics.html'],
    },
    {
      title: 'Have a medical exam if asked',
      what_to_do: 'If IRCC asks, see a panel physician approved by IRCC.',
      documents: ['Passport', 'Medical instructions from IRCC'],
      official_links: [STUDY_PERMIT],
    },
  ],
  Japan: [
    {
      title: 'Your school applies for your Certificate of Eligibility (CoE)',
      what_to_do: 'Send your school the papers it asks for; it applies to the Immigration Services Agency for your CoE and sends it to you.',
      where: 'Your school in Japan',
      documents: ['Academic transcripts and certificates', 'Japanese test result', 'Bank balance certificate', 'Sponsor documents'],
      official_links: ['https://www.moj.go.jp/isa/'],
    },
    NOC_STEP,
    {
      title: 'Apply for the student visa',
      what_to_do: 'Apply at the Embassy of Japan with your CoE.',
      where: 'Embassy of Japan in Nepal, Kathmandu',
      documents: ['Passport', 'Certificate of Eligibility', 'Visa application form', 'Photo'],
      official_links: ['https://www.np.emb-japan.go.jp/'],
    },
  ],
  Germany: [
    {
      title: 'Receive your admission letter',
      what_to_do: 'Accept your place at the German university; the visa application needs the admission letter.',
      where: 'Your university',
      documents: ['Admission letter'],
      official_links: ['https://kathmandu.diplo.de/'],
    },
    NOC_STEP,
    {
      title: 'Open a blocked account and buy health insurance',
      what_to_do: 'Show your living costs for a year with a blocked account, and have health insurance for the start of your stay.',
      documents: ['Blocked account confirmation', 'Health insurance certificate'],
      official_links: ['https://kathmandu.diplo.de/'],
    },
    {
      title: 'Apply for the national (student) visa',
      what_to_do: 'Book an appointment and apply for the national visa for study with your documents.',
      where: 'German Embassy, Kathmandu',
      documents: ['Passport', 'Admission letter', 'Blocked account confirmation', 'Health insurance certificate', 'Academic transcripts and certificates'],
      official_links: ['https://kathmandu.diplo.de/'],
    },
  ],
  'New Zealand': [
    {
      title: 'Receive your offer of place',
      what_to_do: 'Accept the offer of place from your education provider; the visa application needs it.',
      where: 'Your education provider',
      documents: ['Offer of place'],
      official_links: [NZ_IMMIGRATION],
    },
    NOC_STEP,
    {
      title: 'Apply for the Fee Paying Student Visa',
      what_to_do: 'Apply online and pay the fee Immigration New Zealand shows; show your tuition payment and funds.',
      where: 'Online, Immigration New Zealand',
      documents: ['Passport', 'Offer of place', 'Evidence of tuition payment', 'Evidence of funds'],
      official_links: [NZ_IMMIGRATION],
    },
    {
      title: 'Have medical and chest X-ray certificates if asked',
      what_to_do: 'If Immigration New Zealand asks, see a panel physician it approves.',
      documents: ['Passport', 'Medical certificate', 'Chest X-ray certificate'],
      official_links: [NZ_IMMIGRATION],
    },
  ],
  'South Korea': [
    {
      title: 'Receive your certificate of admission',
      what_to_do: 'Your Korean university sends a certificate of admission once you are admitted.',
      where: 'Your university',
      documents: ['Certificate of admission'],
      official_links: ['https://www.visa.go.kr/'],
    },
    NOC_STEP,
    {
      title: 'Apply for the D-2 student visa',
      what_to_do: 'Apply for the D-2 visa (D-4 for a language course) at the Korean Embassy.',
      where: 'Embassy of the Republic of Korea in Nepal, Kathmandu',
      documents: ['Passport', 'Certificate of admission', 'Bank balance certificate', 'Academic transcripts and certificates', 'Visa application form'],
      official_links: ['https://overseas.mofa.go.kr/np-en/index.do', 'https://www.visa.go.kr/'],
    },
  ],
};

/** Demo sittings of English tests in Nepal: demo dates, days after the seed epoch, at the official booking sites. */
export const TEST_SESSIONS: { exam: string; days: number[]; city: string; format: 'paper' | 'computer' | 'online'; fee_npr?: number; link: string }[] = [
  { exam: 'IELTS', days: [9, 40, 75, 110, 150, 190, 240, 300, 380, 470, 560], city: 'Kathmandu', format: 'paper', fee_npr: 29_900, link: 'https://www.ielts.org/' },
  { exam: 'IELTS', days: [16, 47, 82, 130, 200, 280, 370, 460, 550], city: 'Kathmandu', format: 'computer', fee_npr: 29_900, link: 'https://www.ielts.org/' },
  { exam: 'IELTS', days: [54, 117, 180, 265, 355, 445, 535], city: 'Pokhara', format: 'paper', fee_npr: 29_900, link: 'https://www.ielts.org/' },
  { exam: 'PTE', days: [12, 45, 88, 140, 210, 320, 430, 540], city: 'Kathmandu', format: 'computer', fee_npr: 27_500, link: 'https://www.pearsonpte.com/' },
  { exam: 'PTE', days: [66, 160, 300, 450], city: 'Pokhara', format: 'computer', fee_npr: 27_500, link: 'https://www.pearsonpte.com/' },
  { exam: 'TOEFL', days: [30, 95, 170, 260, 390, 520], city: 'Kathmandu', format: 'computer', fee_npr: 26_000, link: 'https://www.ets.org/toefl.html' },
  { exam: 'Duolingo', days: [35, 120, 250, 400, 550], city: 'Online (at home)', format: 'online', link: 'https://englishtest.duolingo.com/' },
];
