/** The customer's in-store support visits, newest first, shaped as SupportHistoryInfo (spec section 3). */
import { asc, desc, eq } from 'drizzle-orm';
import type { SupportHistoryInfo } from '../../contracts/api/support-history';
import type { Db } from '../db/client';
import { supportHistory } from '../db/schema';
import { formatJstDateTime } from '../time/jst';

export async function listSupportHistory(db: Db, sbSystemId: string): Promise<SupportHistoryInfo[]> {
  const rows = await db
    .select()
    .from(supportHistory)
    .where(eq(supportHistory.sbSystemId, sbSystemId))
    .orderBy(desc(supportHistory.supportAcceptedAt), asc(supportHistory.id));
  return rows.map((row, index) => ({
    index,
    supportCategoryNm: row.supportCategoryName,
    cfOrderNumber: row.cfOrderNumber,
    supportAcceptedDt: formatJstDateTime(row.supportAcceptedAt),
    supportAcceptedShopNm: row.supportAcceptedShopName,
    supportMenuHistoryInfo: row.menus.map((menu) => ({ supportMenuNm: menu.menuName, price: menu.price })),
  }));
}
