/** Card expiry months as the provider writes them (yyyymm), compared with the month in Japan. */
import { formatJstDate } from '../time/jst';

/** The current month in Japan as yyyymm. */
export function currentJstMonth(now: Date = new Date()): string {
  return formatJstDate(now).slice(0, 7).replace('/', '');
}

/** "2030年12月" for a yyyymm value. */
export function expiryLabel(yyyymm: string): string {
  return `${yyyymm.slice(0, 4)}年${Number(yyyymm.slice(4, 6))}月`;
}
