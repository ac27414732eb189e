import { atom } from 'nanostores';
import type { CaseMessage, CasePayments } from '../contract/cases.ts';
import * as api from '../api/cases.ts';
import { failure, type Failure } from './submit.ts';

export interface CaseState {
  messages: CaseMessage[] | null;
  payments: CasePayments | null;
  busy: boolean;
  error: Failure | null;
  /** the error belongs to the message form or to a payment's answer */
  errorIn: 'messages' | 'payments' | null;
}

/** An application's thread and payments for one side (the student's code, or the consultancy's id): state and actions. */
export function createCaseStore(side: api.Side) {
  const $case = atom<CaseState>({ messages: null, payments: null, busy: false, error: null, errorIn: null });
  const set = (patch: Partial<CaseState>) => $case.set({ ...$case.get(), ...patch });

  async function run(errorIn: CaseState['errorIn'], text: string, action: () => Promise<Partial<CaseState>>) {
    set({ busy: true, error: null, errorIn: null });
    try {
      set({ ...(await action()), busy: false });
      return true;
    } catch (err) {
      set({ busy: false, error: failure(text, err), errorIn });
      return false;
    }
  }
  const code = 'code' in side ? side.code : '';

  return {
    $case,
    loadMessages: () => run('messages', 'Failed to load messages', async () => ({ messages: (await api.loadMessages(side)).results })),
    loadPayments: () => run('payments', 'Failed to load payments', async () => ({ payments: await api.loadPayments(side) })),
    send: (form: FormData) =>
      run('messages', 'Failed to send message', async () => ({ messages: (await api.sendMessage(side, form)).results })),
    confirm: (payment: number) =>
      run('payments', 'Failed to confirm payment', async () => ({ payments: await api.confirmPayment(code, payment) })),
    dispute: (payment: number, reason: string) =>
      run('payments', 'Failed to dispute payment', async () => ({ payments: await api.disputePayment(code, payment, reason) })),
    record: (id: number, body: Parameters<typeof api.recordPayment>[1]) =>
      run('payments', 'Failed to record payment', async () => ({ payments: await api.recordPayment(id, body) })),
    agreement: (id: number, form: FormData) =>
      run('payments', 'Failed to upload agreement', async () => ({ payments: await api.uploadAgreement(id, form) })),
  };
}
export type CaseStore = ReturnType<typeof createCaseStore>;
