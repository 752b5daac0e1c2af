import type { PaymentInstruction } from '@think-tank/contracts';
import { followPaymentInstruction, HandoffError } from '../billing';

/**
 * Leaves for the wallet with a workshop order (inside WeChat, its cashier opens over the page); `remember` stores
 * the order first so that the page can check it on return. Answers the message to show when the hand-off fails.
 */
export async function handOff(
  instruction: PaymentInstruction,
  remember: (orderId: string) => void,
  texts: { noForm: string; noInstruction: string; cancelled: string },
): Promise<string | null> {
  if (instruction.orderId) remember(instruction.orderId);
  try {
    await followPaymentInstruction(instruction);
    return null;
  } catch (e) {
    if (!(e instanceof HandoffError)) return texts.noInstruction;
    return e.reason === 'noForm'
      ? texts.noForm
      : e.reason === 'cancelled'
        ? texts.cancelled
        : texts.noInstruction;
  }
}
