/**
 * The one-time password's ports (spec section 7: OTP send and auth) and the OTP machine with them
 * provided: the one every flow that proves a contact invokes, the service flows and the account
 * menu alike.
 */
import { fromPromise } from 'xstate';
import { otpAuthEndpoint, otpSendEndpoint } from '../../contracts/api/otp';
import type { OtpResponse } from '../../contracts/api/otp';
import { otpMachine, type CheckOtpInput, type SendOtpInput } from '../../machines/otp.machine';
import { callApi } from '../api/api-client';

export function createOtpActors() {
  const sendOtp = fromPromise<OtpResponse, SendOtpInput>(({ input, signal }) =>
    callApi(otpSendEndpoint, { params: { sbSystemId: input.sbSystemId }, body: input.body, signal }),
  );
  const checkOtp = fromPromise<OtpResponse, CheckOtpInput>(({ input, signal }) =>
    callApi(otpAuthEndpoint, { params: { sbSystemId: input.sbSystemId }, body: input.body, signal }),
  );
  return { sendOtp, checkOtp, verifyContact: otpMachine.provide({ actors: { sendOtp, checkOtp } }) };
}
