import type { PeriodType } from '@think-tank/contracts';

const MONTHS: Partial<Record<PeriodType, number>> = { monthly: 1, quarterly: 3, yearly: 12 };
const DAYS: Partial<Record<PeriodType, number>> = { daily: 1, weekly: 7 };

/** The end of a prepaid period of this plan starting at `start`; calendar months, clamped to the month's end. */
export function periodEnd(start: Date, periodType: PeriodType): Date {
  const end = new Date(start);
  const months = MONTHS[periodType];
  if (months) {
    const day = end.getUTCDate();
    end.setUTCDate(1);
    end.setUTCMonth(end.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(day, lastDay));
    return end;
  }
  end.setUTCDate(end.getUTCDate() + (DAYS[periodType] ?? 30));
  return end;
}
