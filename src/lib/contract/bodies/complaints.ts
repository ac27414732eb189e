import { z } from 'zod';
import { plainText } from '../values.ts';

/** A message in a complaint's history: the consultancy's answer, or the complainant's reply. */
export const complaintMessage = z.strictObject({ message: plainText(5000, 2) });
