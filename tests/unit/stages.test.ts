import { describe, expect, it } from 'vitest';
import {
  applicantCanWithdraw,
  decisionOf,
  END_STAGES,
  isEnded,
  JOURNEY,
  nextStages,
  STAGE_LABELS,
  STAGES,
} from '../../src/lib/contract/applications.ts';
import { claimText, journeySteps } from '../../src/lib/shared/stage-timeline.ts';
import { outcomeLines } from '../../src/lib/shared/outcomes.ts';
import type { Outcome } from '../../src/lib/contract/outcomes.ts';

describe('stage rules (issue 26)', () => {
  it('has exactly the shared stage ids, in journey order, with the agreed labels', () => {
    expect(STAGES).toEqual([
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
    ]);
    expect(STAGE_LABELS.coe).toBe('Fees paid, CoE / I-20 / CAS');
    expect(STAGE_LABELS.noc).toBe('NOC from the Ministry of Education');
  });

  it('ends are final; a granted visa still moves on to departed', () => {
    expect([...END_STAGES].sort()).toEqual(['closed', 'departed', 'visa_refused', 'withdrawn']);
    for (const end of END_STAGES) expect(nextStages(end)).toEqual([]);
    expect(isEnded('visa_granted')).toBe(false);
    expect(nextStages('visa_granted')).toEqual(['departed', 'withdrawn', 'closed']);
  });

  it('withdrawn and closed are open from every open stage; nothing moves back to submitted', () => {
    for (const s of STAGES.filter((x) => !isEnded(x))) {
      expect(nextStages(s)).toEqual(expect.arrayContaining(['withdrawn', 'closed']));
      expect(applicantCanWithdraw(s)).toBe(true);
    }
    for (const s of STAGES) expect(nextStages(s)).not.toContain('submitted');
    for (const end of END_STAGES) expect(applicantCanWithdraw(end)).toBe(false);
  });

  it('skips forward sensibly, never past a decision', () => {
    expect(nextStages('counselling')).toContain('applied');
    expect(nextStages('submitted')).toContain('applied');
    expect(nextStages('coe')).toEqual(expect.arrayContaining(['noc', 'visa_lodged']));
    expect(nextStages('applied')).not.toContain('coe');
    expect(nextStages('applied')).not.toContain('visa_granted');
    expect(nextStages('offer_unconditional')).not.toContain('visa_lodged');
    // only a lodged visa can be decided
    for (const s of STAGES.filter((x) => x !== 'visa_lodged')) {
      expect(nextStages(s)).not.toContain('visa_granted');
      expect(nextStages(s)).not.toContain('visa_refused');
    }
    // every move leads forward in the journey, but the one documents round after applying and counselling after documents
    const back = STAGES.flatMap((from) =>
      nextStages(from)
        .filter((to) => STAGES.indexOf(to) < STAGES.indexOf(from))
        .map((to) => `${from}->${to}`),
    );
    expect(back).toEqual(['documents->counselling', 'applied->documents']);
  });

  it('knows the decisions a student confirms', () => {
    expect(decisionOf('offer_conditional')).toBe('offer');
    expect(decisionOf('offer_unconditional')).toBe('offer');
    expect(decisionOf('visa_refused')).toBe('visa');
    expect(decisionOf('visa_lodged')).toBeNull();
    expect(JOURNEY).not.toContain('withdrawn');
  });
});

const at = (status: string, extra: object = {}) => ({
  status,
  note: '',
  created_at: '2026-11-01T00:00:00Z',
  actor_role: 'counsellor',
  ...extra,
});

describe('the journey drawn on /track/', () => {
  it('shows every stage: done with their entries, the current one, skipped ones and those to come', () => {
    const steps = journeySteps('offer_unconditional', [
      at('submitted', { actor_role: 'student' }),
      at('applied'),
      at('offer_unconditional'),
    ]);
    expect(steps.map((s) => s.stage)).toEqual(JOURNEY);
    const state = Object.fromEntries(steps.map((s) => [s.stage, s.state]));
    expect(state).toMatchObject({
      submitted: 'done',
      counselling: 'skipped',
      applied: 'done',
      offer_conditional: 'skipped',
      offer_unconditional: 'current',
      coe: 'future',
      departed: 'future',
    });
    expect(steps.filter((s) => s.state === 'current')).toHaveLength(1);
    expect(steps.find((s) => s.stage === 'offer_unconditional')).toMatchObject({ decision: 'offer', answerable: true });
  });

  it("a refusal takes the granted visa's place; a withdrawal ends the list", () => {
    const refused = journeySteps('visa_refused', [
      at('submitted'),
      at('applied'),
      at('offer_conditional'),
      at('coe'),
      at('visa_lodged'),
      at('visa_refused'),
    ]);
    expect(refused.map((s) => s.stage).slice(-2)).toEqual(['visa_lodged', 'visa_refused']);
    expect(refused.at(-1)).toMatchObject({ state: 'current', answerable: true });
    const withdrawn = journeySteps('withdrawn', [at('submitted'), at('counselling'), at('withdrawn', { actor_role: 'student' })]);
    expect(withdrawn.at(-1)).toMatchObject({ stage: 'withdrawn', state: 'current' });
    expect(withdrawn.find((s) => s.stage === 'applied')!.state).toBe('skipped');
  });

  it("only the latest claim of a decision can be answered; an unanswered one says it is the consultancy's claim", () => {
    const steps = journeySteps('offer_unconditional', [at('submitted'), at('applied'), at('offer_conditional'), at('offer_unconditional')]);
    expect(steps.find((s) => s.stage === 'offer_conditional')!.answerable).toBe(false);
    expect(steps.find((s) => s.stage === 'offer_unconditional')!.answerable).toBe(true);
    expect(claimText(null)).toBe('Claimed by the consultancy, not confirmed by the student');
    expect(claimText('confirmed')).toBe('Confirmed by you');
  });
});

describe('outcome sentences', () => {
  const base: Outcome = {
    consultancy_id: 1,
    decided: 0,
    enough: false,
    granted_confirmed: null,
    granted_claimed: null,
    refused_confirmed: null,
    refused_claimed: null,
    disputed: null,
    median_days_applied_to_offer: null,
    median_days_offer_to_decision: null,
  };
  it('says not enough cases below the minimum, with the count', () => {
    expect(outcomeLines(null)).toEqual(['Not enough cases yet: 0 visa decisions in the last 12 months (figures show from 20).']);
    expect(outcomeLines({ ...base, decided: 19 })[0]).toContain('19 visa decisions');
  });
  it('splits confirmed from claimed', () => {
    const lines = outcomeLines({
      ...base,
      decided: 20,
      enough: true,
      granted_confirmed: 12,
      granted_claimed: 3,
      refused_confirmed: 4,
      refused_claimed: 1,
      disputed: 1,
      median_days_applied_to_offer: 35,
      median_days_offer_to_decision: 50,
    });
    expect(lines).toContain('Visas granted: 15 (12 confirmed by the student, 3 claimed by the consultancy only).');
    expect(lines).toContain('Median time from applying to an offer: 35 days.');
  });
});
