/**
 * What a new password must not be (docs/decisions/0079-login-id-and-password.md), beyond the
 * length and characters the contract checks: the login ID or containing it, the current
 * password, a password on the list of common passwords from breaches (@zxcvbn-ts/language-common),
 * or easy to guess from common words, patterns and the customer's own details (zxcvbn-ts score
 * below 3, i.e. fewer than 10^8 guesses).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const MinimumScore = 3;
const CommonPasswords = 'passwords-common';

let estimator: ZxcvbnFactory | undefined;
// Built on first use: the dictionaries cost a few MB and a moment to load.
const zxcvbn = () => (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

export type PasswordContext = {
  readonly loginId: string;
  /** Words from the customer's own details (name in Latin letters, mail address, numbers). */
  readonly personal: readonly string[];
};

/** The Japanese message for the first rule the password breaks, or undefined when it breaks none. */
export function passwordProblem(password: string, context: PasswordContext): string | undefined {
  if (password.toLowerCase().includes(context.loginId.toLowerCase())) return 'パスワードにログインIDを含めないでください。';
  const result = zxcvbn().check(password, [context.loginId, ...context.personal]);
  const whole = result.sequence.length === 1 ? result.sequence[0] : undefined;
  if (whole?.pattern === 'dictionary' && whole.dictionaryName === CommonPasswords) {
    return 'よく使われているパスワードのため、ご利用いただけません。';
  }
  if (result.score < MinimumScore) {
    return '推測されやすいパスワードです。よく使われる単語や並び、お客さまの情報を避け、長くしてください。';
  }
  return undefined;
}
