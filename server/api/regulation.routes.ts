/**
 * POST /api/customer/{sbSystemId}/regulation/check: a page inside a maintenance window (its own
 * or the '*' window) answers 503 E0005 with the window's end as errorOptionals.endDate.
 */
import { and, desc, gt, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contracts/error-catalogue';
import { endpoints } from '../../contracts/endpoints';
import type { Db } from '../db/client';
import { regulations } from '../db/schema';
import { AppError } from '../http/app-error';
import { formatJstDateTime } from '../time/jst';
import { registerEndpoint } from './register-endpoint';

/** A regulation row with this page id applies to every page. */
const ALL_PAGES = '*';

async function activeRegulation(db: Db, pageId: string, now: Date = new Date()) {
  const [row] = await db
    .select()
    .from(regulations)
    .where(and(inArray(regulations.pageId, [pageId, ALL_PAGES]), lte(regulations.startsAt, now), gt(regulations.endsAt, now)))
    .orderBy(desc(regulations.endsAt))
    .limit(1);
  return row;
}

export function registerRegulationRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.checkRegulation, async ({ db, body }) => {
    const regulation = await activeRegulation(db, body.pageId);
    if (regulation) throw new AppError(ErrorCode.Maintenance, { endDate: formatJstDateTime(regulation.endsAt) });
    return { regulated: false as const };
  });
}
