/**
 * The account menu's calls (docs/decisions/0078-account-endpoints.md, 0079-login-id-and-password.md):
 * each reads or changes only the signed-in customer's own account (the session check refuses
 * another's sbSystemId with A0403 before any handler runs).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import type { Actor } from '../account/account-audit';
import { sendAccountNotice, type AccountNotice } from '../account/account-notices';
import { changeLoginId, changePassword } from '../account/credentials';
import { readLoginHistory } from '../account/login-history';
import { readOptins, updateOptins } from '../account/optins';
import { lookupPostalCode } from '../account/postal-lookup';
import { readSecuritySettings, updateSecuritySettings } from '../account/security-settings';
import { readUserInfo, updateAddress, updateMailAddress, updatePhoneNumber, updateUserName } from '../account/user-info';
import type { MessageGatewayClient } from '../gateways/message-gateway-client';
import type { SessionRow } from '../session/session-store';
import { registerEndpoint, sessionOf } from './register-endpoint';

function actorOf(context: { session: SessionRow | null; request: FastifyRequest; requestKey: string | undefined }): Actor {
  const session = sessionOf(context);
  return { sbSystemId: session.sbSystemId, sessionId: session.id, ip: context.request.ip, requestKey: context.requestKey };
}

const Advice = 'お心当たりがない場合は、第三者がお客さまのアカウントを使っているおそれがあります。すぐにお問い合わせください。';

export function registerAccountRoutes(app: FastifyInstance, messages: MessageGatewayClient | undefined): void {
  // The change is made; a notice that cannot be sent is logged, not turned into a failure.
  const notify = async (context: { request: FastifyRequest }, sbSystemId: string, notice: AccountNotice) => {
    if (messages === undefined) return;
    await sendAccountNotice(app.portal.db, messages, sbSystemId, notice).catch((error: unknown) => {
      context.request.log.error({ err: error }, 'account notice not sent');
    });
  };

  registerEndpoint(app, endpoints.getUserInfo, ({ db, params }) => readUserInfo(db, params.sbSystemId));
  registerEndpoint(app, endpoints.updateUserName, (context) => updateUserName(context.effect, actorOf(context), context.body));
  registerEndpoint(app, endpoints.updateAddress, (context) => updateAddress(context.effect, actorOf(context), context.body));
  registerEndpoint(app, endpoints.lookupAddresses, ({ query }) => ({ postalCode: query.postalCode, addresses: lookupPostalCode(query.postalCode) }));
  registerEndpoint(app, endpoints.updateMailAddress, (context) => updateMailAddress(context.effect, actorOf(context), context.body.mailAddress));
  registerEndpoint(app, endpoints.updatePhoneNumber, (context) => updatePhoneNumber(context.effect, actorOf(context), context.body.phoneNumber));

  registerEndpoint(app, endpoints.getSecuritySettings, ({ db, params }) => readSecuritySettings(db, params.sbSystemId));
  registerEndpoint(app, endpoints.updateSecuritySettings, (context) =>
    updateSecuritySettings(context.effect, actorOf(context), context.body.signInNoticeChannel),
  );
  registerEndpoint(app, endpoints.getOptins, async ({ db, params }) => ({ optins: await readOptins(db, params.sbSystemId) }));
  registerEndpoint(app, endpoints.updateOptins, async (context) => ({ optins: await updateOptins(context.effect, actorOf(context), context.body.optins) }));
  registerEndpoint(app, endpoints.getLoginHistory, ({ db, params, query }) => readLoginHistory(db, params.sbSystemId, query.page));

  registerEndpoint(app, endpoints.updateLoginId, async (context) => {
    const actor = actorOf(context);
    const answer = await changeLoginId(context.effect, actor, context.body.loginId);
    await notify(context, actor.sbSystemId, {
      subject: 'ログインIDを変更しました',
      lead: `${answer.changedAt}に、お客さまポータルのログインIDを変更しました。次回から新しいログインIDでログインしてください。`,
      advice: Advice,
    });
    return answer;
  });

  registerEndpoint(app, endpoints.updatePassword, async (context) => {
    const actor = actorOf(context);
    const answer = await changePassword(context.db, context.effect, actor, context.body);
    await notify(context, actor.sbSystemId, {
      subject: 'パスワードを変更しました',
      lead: `${answer.changedAt}に、お客さまポータルのパスワードを変更しました。ほかの端末ではログアウトしています。`,
      advice: Advice,
    });
    return answer;
  });
}
