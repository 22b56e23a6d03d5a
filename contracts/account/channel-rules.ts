/**
 * When a notice may be switched to a channel (receive settings, the sign-in notice; ADR 0084,
 * 0085): a channel newly switched on needs its contact confirmed, since a notice must not go to
 * an address nobody proved; one already on may stay on, so the customer can still switch it off.
 * The server refuses by this rule; the pages offer only what it allows.
 */
export function maySwitchOn(channel: { readonly contactConfirmed: boolean; readonly alreadyOn: boolean }): boolean {
  return channel.contactConfirmed || channel.alreadyOn;
}
