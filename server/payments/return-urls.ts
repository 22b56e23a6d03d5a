/**
 * The card provider sends the customer back to orderDoneUrl or cancelUrl. Both must be the
 * portal's own return pages (spec section 2: /Payment/Redirect, /Payment/Cancel/Redirect), or the
 * portal would hand the provider a redirect to anywhere (docs/decisions/0036-payment-round-trip.md).
 */
import type { Issue } from '../http/app-error';

export const ReturnPaths = { done: '/Payment/Redirect', cancel: '/Payment/Cancel/Redirect' } as const;

/** The query the app adds: the flow id that finds the run again (src/flows/flow-inputs.ts). */
const FLOW_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function returnUrlIssues(value: string, origin: string, path: string, where: string): Issue[] {
  const refuse = (message: string): Issue[] => [{ path: where, message }];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('URLの形式が正しくありません。');
  }
  if (url.origin !== origin || url.username !== '' || url.password !== '') return refuse('このサイトのURLではありません。');
  if (url.pathname.replace(/\/+$/, '') !== path) return refuse(`戻り先は ${path} でなければなりません。`);
  if (url.hash !== '') return refuse('戻り先にフラグメントは指定できません。');
  for (const [name, entry] of url.searchParams) {
    if (name !== 'flowId' || !FLOW_ID.test(entry)) return refuse('戻り先に指定できないパラメーターがあります。');
  }
  return [];
}
