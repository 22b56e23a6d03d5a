/** A screen ID of the page table (machines/page-table.ts), e.g. "ADB0002". */
import { z } from 'zod/mini';

export const PageIdSchema = z.string().check(z.regex(/^[A-Z]{3}[0-9]{4}$/, { error: '画面IDの形式が正しくありません。' }));
export type PageId = z.infer<typeof PageIdSchema>;
