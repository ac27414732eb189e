/**
 * The stages of a student's journey, in order, as the consultancy moves an application along
 * (stored in the `status` columns). The ids are shared by every part of the case (documents,
 * messages, payments, staff screens): never rename one.
 */
export const STAGES = [
  'submitted',
  'counselling',
  'documents',
  'applied',
  'offer_conditional',
  'offer_unconditional',
  'coe',
  'noc',
  'visa_lodged',
  'visa_granted',
  'visa_refused',
  'departed',
  'withdrawn',
  'closed',
] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  submitted: 'Submitted',
  counselling: 'Counselling',
  documents: 'Documents',
  applied: 'Applied to the institution',
  offer_conditional: 'Conditional offer',
  offer_unconditional: 'Unconditional offer',
  coe: 'Fees paid, CoE / I-20 / CAS',
  noc: 'NOC from the Ministry of Education',
  visa_lodged: 'Visa lodged',
  visa_granted: 'Visa granted',
  visa_refused: 'Visa refused',
  departed: 'Departed',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

/** Stages nothing follows. A granted visa is not one: the student still departs. */
export const END_STAGES: readonly Stage[] = ['visa_refused', 'departed', 'withdrawn', 'closed'];
export const isEnded = (stage: string) => (END_STAGES as readonly string[]).includes(stage);

/** Ends that can come from any open stage: the student gives up, or the consultancy closes the case. */
const ANY_TIME: Stage[] = ['withdrawn', 'closed'];

/**
 * The forward steps from each open stage. A consultancy may skip what a case does not need
 * (counselling straight to applied; the NOC, which not every destination's visa asks for) and go
 * back once for more documents after applying; a conditional offer becomes unconditional.
 */
const FORWARD: Record<Stage, Stage[]> = {
  submitted: ['counselling', 'documents', 'applied'],
  counselling: ['documents', 'applied'],
  documents: ['counselling', 'applied'],
  applied: ['documents', 'offer_conditional', 'offer_unconditional'],
  offer_conditional: ['offer_unconditional', 'coe'],
  offer_unconditional: ['coe'],
  coe: ['noc', 'visa_lodged'],
  noc: ['visa_lodged'],
  visa_lodged: ['visa_granted', 'visa_refused'],
  visa_granted: ['departed'],
  visa_refused: [],
  departed: [],
  withdrawn: [],
  closed: [],
};

/** Where the consultancy (or an admin) may move an application from `stage`. */
export const nextStages = (stage: string): Stage[] =>
  isEnded(stage) || !(stage in FORWARD) ? [] : [...FORWARD[stage as Stage], ...ANY_TIME];

/** The journey a timeline draws: every stage but the ends that replace it (refused, withdrawn, closed). */
export const JOURNEY: readonly Stage[] = STAGES.filter((s) => !['visa_refused', 'withdrawn', 'closed'].includes(s));

/** Who set a stage: the consultancy's accounts are its counsellors. */
export const ACTOR_ROLES = ['counsellor', 'student', 'admin'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** The decisions a student confirms from the tracking page, each with the stages that claim it. */
export const DECISIONS = { offer: ['offer_conditional', 'offer_unconditional'], visa: ['visa_granted', 'visa_refused'] } as const;
export type Decision = keyof typeof DECISIONS;
export const decisionOf = (stage: string): Decision | null =>
  (Object.keys(DECISIONS) as Decision[]).find((d) => (DECISIONS[d] as readonly string[]).includes(stage)) ?? null;

/** The student's answer to a claimed decision: it is right, or it is not. */
export const ANSWERS = ['confirmed', 'disputed'] as const;
export type Answer = (typeof ANSWERS)[number];

/** The education levels the application form offers. */
export const EDUCATION_LEVELS = ['+2 / A-levels', "Bachelor's", "Master's", 'Diploma', 'Other'];

/** The applicant edits only until the consultancy first acts. */
export const applicantCanEdit = (stage: string) => stage === 'submitted';

/** The applicant may withdraw while the application is open. */
export const applicantCanWithdraw = (stage: string) => !isEnded(stage);
