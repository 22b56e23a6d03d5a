/**
 * The endpoint table (spec section 7): every API call the server answers, keyed by operation
 * name. The server registers its handlers from these entries, the client calls through them and
 * GET /api/openapi.json is generated from them (docs/decisions/0006-endpoint-table.md).
 * A call of the spec that is not in this table is not built yet and answers 404.
 */
import type { z } from 'zod';
import { addressesEndpoint } from './api/account-addresses';
import { updateMailAddressEndpoint, updatePhoneNumberEndpoint } from './api/account-contact';
import { updateLoginIdEndpoint, updatePasswordEndpoint } from './api/account-credentials';
import { loginHistoryEndpoint } from './api/account-login-history';
import { optinsEndpoint, updateOptinsEndpoint } from './api/account-optins';
import { securitySettingsEndpoint, updateSecuritySettingsEndpoint } from './api/account-security';
import { updateAddressEndpoint, updateUserNameEndpoint, userInfoEndpoint } from './api/account-user-info';
import { storageUsageEndpoint } from './api/anshin-data-box';
import { billingHistoryEndpoint, billingSummaryEndpoint, legacyBillingSummaryEndpoint } from './api/billing';
import { couponActiveEndpoint, couponJudgeEndpoint, couponResultHistoryEndpoint, couponResultNewEndpoint } from './api/coupon';
import { entryJudgementEndpoint } from './api/entry-judgement';
import { invoicePdfDownloadEndpoint, invoicePdfEndpoint, invoiceServiceEndpoint, invoiceSessionEndpoint } from './api/invoice';
import { mailAddrPortabilityContractsEndpoint } from './api/mail-address-confirmation';
import { otpAuthEndpoint, otpSendEndpoint } from './api/otp';
import { paymentInformationEndpoint, paymentMethodsEndpoint } from './api/payment';
import { registerServiceEndpoint, updateContractsEndpoint } from './api/service-requests';
import { supportHistoryEndpoint } from './api/support-history';
import { pageEndpoints } from './page-endpoints';

export const endpoints = {
  ...pageEndpoints,
  // The data storage flow (docs/flows/anshin-data-box.md); definitions live beside their schemas.
  getEntryJudgement: entryJudgementEndpoint,
  judgeCoupon: couponJudgeEndpoint,
  getCouponResultNew: couponResultNewEndpoint,
  getCouponResultHistory: couponResultHistoryEndpoint,
  getActiveCoupons: couponActiveEndpoint,
  getPaymentMethods: paymentMethodsEndpoint,
  createPaymentInformation: paymentInformationEndpoint,
  registerService: registerServiceEndpoint,
  updateContracts: updateContractsEndpoint,
  sendOtp: otpSendEndpoint,
  authOtp: otpAuthEndpoint,
  getStorageUsage: storageUsageEndpoint,
  // Mail-address confirmation before a basket live application (docs/flows/basket-live.md).
  confirmMailAddress: mailAddrPortabilityContractsEndpoint,
  // The in-store support service's visits (docs/flows/sumahosetup-support.md).
  getSupportHistory: supportHistoryEndpoint,
  // Billing history (docs/decisions/0073-billing-model.md).
  getBillingHistory: billingHistoryEndpoint,
  getBillingSummary: billingSummaryEndpoint,
  getLegacyBillingSummary: legacyBillingSummaryEndpoint,
  // Qualified invoices (docs/decisions/0075-invoices.md).
  getInvoiceSession: invoiceSessionEndpoint,
  getInvoiceServices: invoiceServiceEndpoint,
  getInvoicePdf: invoicePdfEndpoint,
  downloadInvoicePdf: invoicePdfDownloadEndpoint,
  // The account menu (docs/decisions/0078-account-endpoints.md, 0079-login-id-and-password.md).
  getUserInfo: userInfoEndpoint,
  updateUserName: updateUserNameEndpoint,
  updateAddress: updateAddressEndpoint,
  lookupAddresses: addressesEndpoint,
  updateMailAddress: updateMailAddressEndpoint,
  updatePhoneNumber: updatePhoneNumberEndpoint,
  getSecuritySettings: securitySettingsEndpoint,
  updateSecuritySettings: updateSecuritySettingsEndpoint,
  getOptins: optinsEndpoint,
  updateOptins: updateOptinsEndpoint,
  getLoginHistory: loginHistoryEndpoint,
  updateLoginId: updateLoginIdEndpoint,
  updatePassword: updatePasswordEndpoint,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** Request and response types of one operation, for typed callers. */
export type EndpointResponse<Name extends EndpointName> = z.infer<Endpoints[Name]['response']>;
export type EndpointBody<Name extends EndpointName> = z.input<Endpoints[Name]['body']>;
