/**
 * The business date (spec section 3, getCurrentDate): the JST calendar day, or the configured
 * dummy date on a review host. Every rule that depends on "today" reads it from here, so the
 * date the app shows is the date the server decides by.
 */
import type { Env } from '../env';
import { formatJstDate } from './jst';

/** "yyyy/mm/dd". */
export function businessDateOf(env: Pick<Env, 'BUSINESS_DATE'>, now: Date): string {
  return env.BUSINESS_DATE ?? formatJstDate(now);
}
