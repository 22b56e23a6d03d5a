/**
 * A flow's first page loads and builds that flow only (ADR 0102): the data storage landing
 * does not build the service's change-of-payment, cancel and resume flows, and the invoice
 * page does not load the service flows' actors. Each test starts from a fresh module graph, so
 * what it observes is what one page's load evaluates.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowId } from '../../../machines/page-table';

const built: string[] = [];

/** The kit's factories, each counting the flows it builds. */
function countBuilds(path: string, factory: string) {
  vi.doMock(path, async (importOriginal) => {
    const original = await importOriginal<Record<string, (...args: unknown[]) => unknown>>();
    const build = original[factory];
    if (build === undefined) throw new Error(`${path} has no ${factory}`);
    return { ...original, [factory]: (...args: unknown[]) => (built.push(factory), build(...args)) };
  });
}

beforeEach(() => {
  built.length = 0;
  vi.resetModules();
  countBuilds('../../../machines/service-flow/apply.flow', 'createApplyFlow');
  countBuilds('../../../machines/service-flow/change-payment.flow', 'createChangePaymentFlow');
  countBuilds('../../../machines/service-flow/cancel.flow', 'createCancelFlow');
  countBuilds('../../../machines/service-flow/resume.flow', 'createResumeFlow');
});

afterEach(() => {
  vi.doUnmock('../../../machines/service-flow/apply.flow');
  vi.doUnmock('../../../machines/service-flow/change-payment.flow');
  vi.doUnmock('../../../machines/service-flow/cancel.flow');
  vi.doUnmock('../../../machines/service-flow/resume.flow');
  vi.doUnmock('../../../src/flows/flow-machines');
});

describe('a flow loads alone', () => {
  it.each<[FlowId, string]>([
    ['anshinApply', 'createApplyFlow'],
    ['anshinChangePayment', 'createChangePaymentFlow'],
    ['anshinCancel', 'createCancelFlow'],
    ['anshinResume', 'createResumeFlow'],
    ['basketLiveApply', 'createApplyFlow'],
    ['basketLiveCancel', 'createCancelFlow'],
  ])('%s builds its own machine and no other', async (flowId, factory) => {
    const { flowLoaders } = await import('../../../machines/flow-loaders');
    const machine = await flowLoaders[flowId]();
    expect(machine.id).toBeTypeOf('string');
    expect(built).toEqual([factory]);
  });

  it('the invoice flow is provided without the service flows’ actors', async () => {
    let serviceActorsLoaded = false;
    vi.doMock('../../../src/flows/flow-machines', async (importOriginal) => {
      serviceActorsLoaded = true;
      return importOriginal();
    });
    const [{ flowLoaders }, { createFlowLoaders }, { createQueryClient }] = await Promise.all([
      import('../../../machines/flow-loaders'),
      import('../../../src/flows/flow-loading'),
      import('../../../src/api/query-client'),
    ]);
    const loaders = createFlowLoaders(flowLoaders, { queryClient: createQueryClient() });
    const machine = await loaders.invoice?.();
    expect(machine?.id).toBe('invoice');
    expect(serviceActorsLoaded).toBe(false);
  });
});
