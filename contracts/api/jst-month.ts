/**
 * "yyyy/mm" with a month 01 to 12: a billing month (ADR 0073). Its own module because the
 * navigation reads a month from a link on the first page, which must not carry the date schemas.
 */
import { z } from 'zod/mini';

export const JstMonthSchema = z.string().check(z.regex(/^\d{4}\/(?:0[1-9]|1[0-2])$/));
