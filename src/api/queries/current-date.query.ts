/**
 * GET getCurrentDate: the business date (spec section 3: config with the dummy-date flag). Every
 * date the app decides or shows ("from next month", today's plan change) counts from it, not from
 * the device's clock, so a review host with a dummy date and a device with a wrong clock show
 * what the server decides.
 */
import { useQuery } from '@tanstack/react-query';
import { pageEndpoints } from '../../../contracts/page-endpoints';
import { queryOptionsFor } from '../query-options';

export const currentDateQueryOptions = () => queryOptionsFor(pageEndpoints.getCurrentDate, {});

/** 00:00 JST of a "yyyy/mm/dd" business date. */
export function businessDay(businessDate: string): Date {
  return new Date(`${businessDate.replaceAll('/', '-')}T00:00:00+09:00`);
}

/** The business day, or undefined while it loads; `given` (a test's fixed day) skips the call. */
export function useBusinessDay(given?: Date): Date | undefined {
  const answer = useQuery({ ...currentDateQueryOptions(), enabled: given === undefined });
  if (given !== undefined) return given;
  return answer.data === undefined ? undefined : businessDay(answer.data.businessDate);
}
