/**
 * The app's implementation of the account flow's ports (ADR 0023, ADR 0080): the account
 * endpoints of contracts/api/account-*.ts. A change the server refuses with field issues (A0400)
 * is an answer for the change page, not a failure; anything else fails the flow.
 */
import { z } from 'zod/mini';
import { fromPromise } from 'xstate';
import { updateLoginIdEndpoint, updatePasswordEndpoint } from '../../contracts/api/account-credentials';
import { loginHistoryEndpoint } from '../../contracts/api/account-login-history';
import { optinsEndpoint, updateOptinsEndpoint } from '../../contracts/api/account-optins';
import { securitySettingsEndpoint, updateSecuritySettingsEndpoint } from '../../contracts/api/account-security';
import { updateAddressEndpoint, updateUserNameEndpoint, userInfoEndpoint } from '../../contracts/api/account-user-info';
import { ErrorCode } from '../../contracts/error-catalogue';
import type { EndpointDef } from '../../contracts/endpoint';
import { loginHistoryPageOf, type AccountChange, type AccountProfile, type LoginHistoryPage, type SaveOutcome } from '../../machines/account-menu/account-data';
import type {
  ChangePasswordInput,
  LoadLoginHistoryInput,
  LoadProfileInput,
  SaveChangeInput,
} from '../../machines/account-menu/account.machine';
import { ApiRequestError, callApi, type ApiResult } from '../api/api-client';

const IssuesBodySchema = z.object({ issues: z.array(z.object({ path: z.string(), message: z.string() })).check(z.minLength(1)) });

/** Saved, refused field by field, or thrown as the failure the flow's error page shows. */
function outcomeOf(endpoint: Pick<EndpointDef, 'method' | 'path'>, result: ApiResult<unknown>): SaveOutcome {
  if (result.ok) return { outcome: 'saved' };
  const issues = IssuesBodySchema.safeParse(result.error.body);
  if (result.error.code === ErrorCode.InvalidRequest && issues.success) return { outcome: 'rejected', issues: issues.data.issues };
  throw new ApiRequestError(endpoint, result.error);
}

/**
 * The contact endpoints' module carries the phone-number metadata (ADR 0017, about 34 KB gz): it
 * loads with a contact change, not with every account page (ADR 0088).
 */
const contactEndpoints = () => import('../../contracts/api/account-contact');

async function sendChange(change: AccountChange, params: { sbSystemId: string }, requestKey: string, signal: AbortSignal) {
  const options = { params, requestKey, signal, errorHandler: false } as const;
  switch (change.key) {
    case 'name':
      return [updateUserNameEndpoint, callApi(updateUserNameEndpoint, { ...options, body: change.name })] as const;
    case 'address':
      return [updateAddressEndpoint, callApi(updateAddressEndpoint, { ...options, body: change.address })] as const;
    case 'mailAddress':
    case 'contactMail': {
      const { updateMailAddressEndpoint } = await contactEndpoints();
      return [updateMailAddressEndpoint, callApi(updateMailAddressEndpoint, { ...options, body: { mailAddress: change.mailAddress } })] as const;
    }
    case 'phoneNumber':
    case 'contactPhone': {
      const { updatePhoneNumberEndpoint } = await contactEndpoints();
      return [updatePhoneNumberEndpoint, callApi(updatePhoneNumberEndpoint, { ...options, body: { phoneNumber: change.phoneNumber } })] as const;
    }
    case 'security':
      return [
        updateSecuritySettingsEndpoint,
        callApi(updateSecuritySettingsEndpoint, { ...options, body: { signInNoticeChannel: change.signInNoticeChannel } }),
      ] as const;
    case 'loginId':
      return [updateLoginIdEndpoint, callApi(updateLoginIdEndpoint, { ...options, body: { loginId: change.loginId } })] as const;
    case 'optins':
      return [updateOptinsEndpoint, callApi(updateOptinsEndpoint, { ...options, body: { optins: [...change.optins] } })] as const;
  }
}

export function createAccountActors() {
  const loadProfile = fromPromise<AccountProfile, LoadProfileInput>(async ({ input, signal }) => {
    const params = { sbSystemId: input.sbSystemId };
    const [userInfo, security, { optins }] = await Promise.all([
      callApi(userInfoEndpoint, { params, signal }),
      callApi(securitySettingsEndpoint, { params, signal }),
      callApi(optinsEndpoint, { params, signal }),
    ]);
    return { userInfo, security, optins };
  });
  const saveChange = fromPromise<SaveOutcome, SaveChangeInput>(async ({ input, signal }) => {
    const [endpoint, call] = await sendChange(input.change, { sbSystemId: input.sbSystemId }, input.requestKey, signal);
    return outcomeOf(endpoint, await call);
  });
  const changePassword = fromPromise<SaveOutcome, ChangePasswordInput>(async ({ input, signal }) => {
    const result = await callApi(updatePasswordEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      body: input.change,
      requestKey: input.requestKey,
      signal,
      errorHandler: false,
    });
    return outcomeOf(updatePasswordEndpoint, result);
  });
  const loadLoginHistory = fromPromise<LoginHistoryPage, LoadLoginHistoryInput>(async ({ input, signal }) => {
    return loginHistoryPageOf(await callApi(loginHistoryEndpoint, { params: { sbSystemId: input.sbSystemId }, query: { page: input.page }, signal }));
  });
  return { loadProfile, saveChange, changePassword, loadLoginHistory };
}

export type AccountActors = ReturnType<typeof createAccountActors>;
