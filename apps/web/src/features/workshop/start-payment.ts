import type { PaymentInstruction } from '@think-tank/contracts';
import { followPaymentInstruction, HandoffError } from '../billing';

/**
 * Leaves for the wallet with a workshop order; `remember` stores the order first so that the page can check
 * it on return. Answers the message to show when the hand-off fails.
 */
export function handOff(
  instruction: PaymentInstruction,
  remember: (orderId: string) => void,
  texts: { noForm: string; noInstruction: string },
): string | null {
  if (instruction.orderId) remember(instruction.orderId);
  try {
    followPaymentInstruction(instruction);
    return null;
  } catch (e) {
    return e instanceof HandoffError && e.reason === 'noForm' ? texts.noForm : texts.noInstruction;
  }
}
