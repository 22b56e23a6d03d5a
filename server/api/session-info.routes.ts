/** GET /api/getAuthInfo and GET /api/getCurrentDate. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import { findCustomer } from '../contracts/contract-repository';
import { isLevel2 } from '../session/session-store';
import { businessDateOf } from '../time/business-date';
import { formatJstDateTime, formatJstTime } from '../time/jst';
import { registerEndpoint, sessionOf } from './register-endpoint';

export function registerSessionInfoRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getAuthInfo, async (context) => {
    const session = sessionOf(context);
    const customer = await findCustomer(context.db, session.sbSystemId);
    return {
      sbSystemId: customer.sbSystemId,
      sbId: customer.loginId,
      name: {
        lastNameKanji: customer.lastNameKanji,
        firstNameKanji: customer.firstNameKanji,
        lastNameKana: customer.lastNameKana,
        firstNameKana: customer.firstNameKana,
      },
      lv2Authed: isLevel2(session, context.env.LV2_MAX_AGE_MINUTES),
      authTime: session.authTime.toISOString(),
      sessionToken: session.sessionToken,
      sessionExpiresAt: session.expiresAt.toISOString(),
    };
  });

  registerEndpoint(app, endpoints.getCurrentDate, (context) => {
    const now = new Date();
    const businessDate = businessDateOf(context.env, now);
    // A dummy business date keeps the clock's time of day, so screens that show a time still move.
    return context.env.BUSINESS_DATE === undefined
      ? { currentDate: formatJstDateTime(now), businessDate, dummyDate: false }
      : { currentDate: `${businessDate} ${formatJstTime(now)}`, businessDate, dummyDate: true };
  });
}
