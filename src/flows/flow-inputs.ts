/**
 * What the app hands a flow machine when it starts one: the customer's system id and the
 * card provider's return URLs, which carry the new run's flow id so /Payment/Redirect can
 * find the run again (docs/decisions/0018-routing-machine-decides-url-follows.md).
 */
export type ReturnUrls = { readonly orderDoneUrl: string; readonly cancelUrl: string };

export type FlowStartContext = {
  readonly flowId: string;
  readonly sbSystemId: string | undefined;
  /** The portal's own origin, e.g. https://portal.example.jp. */
  readonly origin: string;
};

export function returnUrlsFor(origin: string, flowId: string): ReturnUrls {
  const query = `?flowId=${encodeURIComponent(flowId)}`;
  return { orderDoneUrl: `${origin}/Payment/Redirect${query}`, cancelUrl: `${origin}/Payment/Cancel/Redirect${query}` };
}

/** The input every flow started by the app receives; a machine reads what it needs of it. */
export function flowInput(context: FlowStartContext): { sbSystemId: string | undefined; returnUrls: ReturnUrls } {
  return { sbSystemId: context.sbSystemId, returnUrls: returnUrlsFor(context.origin, context.flowId) };
}
