/**
 * The calls the portal's pages make before and around any flow (the session, the line, the
 * contracts, the business date, regulation, tickets): the part of the endpoint table
 * (./endpoints.ts) the first page needs. Kept apart so that the first page's bundle does not
 * carry the schemas of every flow's calls (docs/decisions/0071-first-page-endpoints.md).
 */
import { AuthInfoSchema } from './api/auth-info';
import { CurrentDateSchema } from './api/current-date';
import { LineContractSchema } from './api/line-contract';
import { PaymentMethodMasterSchema } from './api/payment-method-master';
import { RegulationCheckRequestSchema, RegulationCheckSchema } from './api/regulation';
import { ActiveServicesSchema, ServiceContractsSchema, ServiceUsageStatusSchema } from './api/service-contracts';
import { TicketEncodeQuerySchema, TicketEncodeSchema, TicketRequestSchema, TicketSchema } from './api/ticket';
import { CustomerParams, NoBody, NoParams, NoQuery, defineEndpoint } from './endpoint';

export const pageEndpoints = {
  getAuthInfo: defineEndpoint({
    method: 'GET',
    path: '/api/getAuthInfo',
    retry: true,
    summary: 'サインイン中のお客さまとセッショントークン（session-token ヘッダーなしで呼べる唯一のAPI）',
    params: NoParams,
    query: NoQuery,
    body: NoBody,
    response: AuthInfoSchema,
  }),
  getCurrentDate: defineEndpoint({
    method: 'GET',
    path: '/api/getCurrentDate',
    retry: true,
    public: true,
    summary: '現在日時（日本時間）と業務日付',
    params: NoParams,
    query: NoQuery,
    body: NoBody,
    response: CurrentDateSchema,
  }),
  getPaymentMethodMaster: defineEndpoint({
    method: 'GET',
    path: '/api/get_master_data/method',
    retry: true,
    public: true,
    summary: '支払い方法マスター（値の昇順）',
    params: NoParams,
    query: NoQuery,
    body: NoBody,
    response: PaymentMethodMasterSchema,
  }),
  getContracts: defineEndpoint({
    method: 'GET',
    path: '/api/customer/{sbSystemId}/contracts',
    retry: true,
    summary: 'オプションサービスの契約一覧（支払い情報はマスク済み）',
    params: CustomerParams,
    query: NoQuery,
    body: NoBody,
    response: ServiceContractsSchema,
  }),
  getLineContract: defineEndpoint({
    method: 'GET',
    path: '/api/customer/{sbSystemId}/bySbSystemId/contracts',
    retry: true,
    summary: '携帯電話回線の契約（電話番号、回線状態、利用者区分、オプション契約ID）',
    params: CustomerParams,
    query: NoQuery,
    body: NoBody,
    response: LineContractSchema,
  }),
  getServiceUsageStatus: defineEndpoint({
    method: 'GET',
    path: '/api/customer/{sbSystemId}/service/usage/status',
    retry: true,
    summary: 'サービスごとの利用状態と、いま可能なお手続き',
    params: CustomerParams,
    query: NoQuery,
    body: NoBody,
    response: ServiceUsageStatusSchema,
  }),
  getActiveServices: defineEndpoint({
    method: 'GET',
    path: '/api/customer/{sbSystemId}/services/active',
    retry: true,
    summary: '利用中（停止中・解約予約中を含む）のオプションサービス',
    params: CustomerParams,
    query: NoQuery,
    body: NoBody,
    response: ActiveServicesSchema,
  }),
  issueTicket: defineEndpoint({
    method: 'POST',
    path: '/api/ticket',
    retry: true,
    summary: '外部注文サイト用のログインチケット（一度だけ使える、短時間有効）',
    params: NoParams,
    query: NoQuery,
    body: TicketRequestSchema,
    response: TicketSchema,
  }),
  encodeTicket: defineEndpoint({
    method: 'GET',
    path: '/api/ticket/encode',
    retry: true,
    summary: 'チケットを受付サービスのリンク用 weblink パラメーターに変換',
    params: NoParams,
    query: TicketEncodeQuerySchema,
    body: NoBody,
    response: TicketEncodeSchema,
  }),
  checkRegulation: defineEndpoint({
    method: 'POST',
    path: '/api/customer/{sbSystemId}/regulation/check',
    retry: true,
    summary: '画面のメンテナンス規制の確認（規制中は503 E0005と終了日時）',
    params: CustomerParams,
    query: NoQuery,
    body: RegulationCheckRequestSchema,
    response: RegulationCheckSchema,
  }),
} as const;
