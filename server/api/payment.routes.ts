/**
 * Payment methods and the card provider round trip (docs/decisions/0036-payment-round-trip.md):
 * the method list, with the verified outcome of one of the customer's provider orders when the
 * query names it, and the creation of a provider order (POST payment/information).
 */
import type { FastifyInstance } from 'fastify';
import { PaymentInformationHeadersSchema } from '../../contracts/api/payment';
import { endpoints } from '../../contracts/endpoints';
import { ErrorCode } from '../../contracts/error-catalogue';
import { LineStatus } from '../../contracts/codes';
import { currentContract, findCustomer, listContracts } from '../contracts/contract-repository';
import type { PortalGateways } from '../gateways/portal-gateways';
import { AppError, invalidRequest } from '../http/app-error';
import { paymentMethodList } from '../payments/payment-methods';
import { createPaymentOrder, operationAllowed, verifyPaymentOrder } from '../payments/payment-orders';
import { ReturnPaths, returnUrlIssues } from '../payments/return-urls';
import { registerEndpoint, sessionOf } from './register-endpoint';

export function registerPaymentRoutes(app: FastifyInstance, gateways: PortalGateways): void {
  registerEndpoint(app, endpoints.getPaymentMethods, async ({ db, params, query }) => {
    await findCustomer(db, params.sbSystemId);
    const rows = await listContracts(db, params.sbSystemId);
    const methods = paymentMethodList(rows, query.contentsServiceId);
    if (query.orderId === undefined) return { paymentMethodList: methods };
    const order = await verifyPaymentOrder(db, gateways.cardProvider, params.sbSystemId, query.orderId);
    return { paymentMethodList: methods, order };
  });

  registerEndpoint(app, endpoints.createPaymentInformation, async (context) => {
    const { db, params, body, request } = context;
    const session = sessionOf(context);
    // The configured origin, never the request's Host (docs/decisions/0043-request-hardening.md).
    const origin = new URL(app.portal.baseUrl()).origin;
    const issues = [
      ...returnUrlIssues(body.orderDoneUrl, origin, ReturnPaths.done, 'body.orderDoneUrl'),
      ...returnUrlIssues(body.cancelUrl, origin, ReturnPaths.cancel, 'body.cancelUrl'),
    ];
    if (issues.length > 0) throw invalidRequest(issues);

    // registerEndpoint has validated the header; its inferred type is too wide, so read it typed.
    const serviceId = PaymentInformationHeadersSchema.parse(request.headers).contentsserviceid;
    const customer = await findCustomer(db, params.sbSystemId);
    const contract = currentContract(await listContracts(db, params.sbSystemId), serviceId);
    const allowed =
      customer.lineStatus !== LineStatus.Restricted &&
      operationAllowed(serviceId, contract?.status ?? 'none', contract?.paymentMethod ?? null, body.operationType);
    if (!allowed) throw new AppError(ErrorCode.StatusForbidsProcedure);

    return createPaymentOrder(db, gateways.cardProvider, {
      sbSystemId: params.sbSystemId,
      sessionId: session.id,
      requestKey: context.requestKey,
      serviceId,
      operationType: body.operationType,
      orderDoneUrl: body.orderDoneUrl,
      cancelUrl: body.cancelUrl,
    });
  });
}
