/**
 * Sandbox stand-in for the external order provider and its receive-service link
 * (spec sections 1 and 7). A real HTTP round trip: the portal sends the customer here with a
 * login ticket; the page redeems it once against the database, shows who arrived and what
 * they use, and links back to the portal with ?pageId=... (the portal's landing page "/" takes
 * it from there).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PageIdSchema } from '../../contracts/api/page-id';
import { ServiceNames } from '../../contracts/api/service-contracts';
import { TicketValueSchema } from '../../contracts/api/ticket';
import { ServiceIdSchema } from '../../contracts/codes';
import { pageById } from '../../machines/page-table';
import { customers, serviceContracts } from '../db/schema';
import { escapeHtml, htmlPage } from '../http/html';
import { deriveKey } from '../security/app-secret';
import { redeemOrderTicket } from '../tickets/order-tickets';
import { decodeWeblink } from '../tickets/weblink';

export const SANDBOX_ORDER_PATH = '/sandbox/order';
const STYLESHEET = '/sandbox/sandbox.css';
const css = readFileSync(fileURLToPath(new URL('./sandbox.css', import.meta.url)), 'utf8');

const OrderQuerySchema = z.object({ ticket: TicketValueSchema, pageId: PageIdSchema });
const ReceiveQuerySchema = z.object({ weblink: z.string().min(1).max(2048) });

const statusLabels: Record<string, string> = {
  active: 'ご利用中',
  suspended: 'ご利用停止中',
  withdrawal_reserved: '解約予約中',
};

/** Where the customer goes back to: the portal's landing page with the page to resume. */
export function portalReturnUrl(pageId: string): string {
  return pageById(pageId) ? `/?pageId=${encodeURIComponent(pageId)}` : '/Top';
}

function refusal(reply: FastifyReply, status: number, reason: string) {
  const body = [
    '<p class="sandbox-badge">サンドボックス</p>',
    '<h1>ご注文サイトに移動できませんでした</h1>',
    `<p>${escapeHtml(reason)}</p>`,
    '<p>お手数ですが、お客さまポータルからもう一度お手続きください。</p>',
    '<a class="button" href="/Top">お客さまポータルのトップへ</a>',
  ].join('\n');
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(htmlPage('ご注文サイト（サンドボックス）', body, STYLESHEET));
}

export function registerOrderProvider(app: FastifyInstance): void {
  const key = deriveKey(app.portal.env, 'order-ticket');

  const arrive = async (reply: FastifyReply, ticket: string, pageId: string, heading: string) => {
    const { db } = app.portal;
    const redeemed = await redeemOrderTicket(db, key, ticket);
    if (!redeemed) return refusal(reply, 403, 'ログインチケットが無効です（使用済み、有効期限切れ、または正しくないチケットです）。');
    const [customer] = await db.select().from(customers).where(eq(customers.sbSystemId, redeemed.sbSystemId)).limit(1);
    if (!customer) return refusal(reply, 403, 'お客さま情報が見つかりませんでした。');
    const contracts = await db
      .select()
      .from(serviceContracts)
      .where(and(eq(serviceContracts.sbSystemId, customer.sbSystemId), ne(serviceContracts.status, 'withdrawn')));
    const rows = contracts.map((contract) => {
      const serviceId = ServiceIdSchema.safeParse(contract.serviceId);
      const name = serviceId.success ? ServiceNames[serviceId.data] : contract.serviceId;
      return `<tr><td>${escapeHtml(name)}</td><td>${escapeHtml(contract.planId)}</td><td>${escapeHtml(statusLabels[contract.status] ?? contract.status)}</td></tr>`;
    });
    const body = [
      '<p class="sandbox-badge">サンドボックス</p>',
      `<h1>${escapeHtml(heading)}</h1>`,
      `<p>${escapeHtml(`${customer.lastNameKanji} ${customer.firstNameKanji}`)} さま、ようこそ。ログインチケットを確認しました（このチケットはもう使えません）。</p>`,
      '<h2>ご利用中のオプションサービス</h2>',
      rows.length > 0
        ? `<table><thead><tr><th scope="col">サービス</th><th scope="col">プラン</th><th scope="col">状態</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
        : '<p>ご利用中のオプションサービスはありません。</p>',
      `<a class="button" href="${escapeHtml(portalReturnUrl(pageId))}">お客さまポータルに戻る</a>`,
    ].join('\n');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(htmlPage(heading, body, STYLESHEET));
  };

  app.get(STYLESHEET, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(css));

  app.get(SANDBOX_ORDER_PATH, async (request, reply) => {
    const query = OrderQuerySchema.safeParse(request.query);
    if (!query.success) return refusal(reply, 400, 'ログインチケットまたは戻り先の指定が正しくありません。');
    return arrive(reply, query.data.ticket, query.data.pageId, 'ご注文サイト（サンドボックス）');
  });

  app.get(`${SANDBOX_ORDER_PATH}/receive`, async (request, reply) => {
    const query = ReceiveQuerySchema.safeParse(request.query);
    const weblink = query.success ? decodeWeblink(query.data.weblink) : undefined;
    if (!weblink) return refusal(reply, 400, 'weblink パラメーターが正しくありません。');
    return arrive(reply, weblink.ticket, weblink.pageId, '受付サービス（サンドボックス）');
  });
}
