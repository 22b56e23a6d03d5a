import { afterEach, describe, expect, it } from 'vitest';
import { sampleInput } from '../../../machines/model-fixtures';
import { machineRegistry } from '../../../machines/registry';
import { resetApiClient } from '../../../src/api/api-client';
import { createQueryClient } from '../../../src/api/query-client';
import { createFlowMachines } from '../../../src/flows/all-flow-machines';
import { withFlowContact, withProviderExit } from '../../../src/flows/flow-machines';
import { createFlowRegistry } from '../../../src/flows/flow-registry';
import { customer, fakeApi, until } from './support';

/** What the app did at the card provider's door, in order: `leave <url>`, `mark away`, `mark back`. */
function registry(doings: string[]) {
  const queryClient = createQueryClient();
  const inner = createFlowRegistry({ machines: createFlowMachines(machineRegistry, { queryClient }), storage: sessionStorage });
  const flows = withProviderExit(withFlowContact(inner, () => ({ mailAddress: null, phoneNumber: '08011112222' })), {
    leave: (url) => doings.push(`leave ${url}`),
    mark: (away) => doings.push(away ? 'mark away' : 'mark back'),
  });
  return { flows, inner };
}

const input = (flowId: string) => ({ sbSystemId: sampleInput.sbSystemId, returnUrls: { ...sampleInput.returnUrls, orderDoneUrl: `${sampleInput.returnUrls.orderDoneUrl}&x=${flowId}` } });

function api() {
  return fakeApi({
    [`GET ${customer}/entry_judgement`]: () => ({ result: 'OK', ngList: [] }),
    [`GET ${customer}/payment/methods`]: () => ({ paymentMethodList: [{ value: '99', label: '新しいクレジットカード', details: [] }] }),
    [`POST ${customer}/payment/information`]: () => ({ redirectOrderUrl: 'https://card.example.jp/order/o-7', orderId: 'o-7' }),
  });
}

afterEach(() => {
  sessionStorage.clear();
  resetApiClient();
});

describe('flow machines of the app', () => {
  it('registry の各マシンをアプリの actor つきに置き換え、id と順序を保つこと', () => {
    const provided = createFlowMachines(machineRegistry, { queryClient: createQueryClient() });
    expect(provided.map((entry) => entry.id)).toEqual(machineRegistry.map((entry) => entry.id));
    expect(provided.every((entry, index) => entry.machine !== machineRegistry[index]?.machine)).toBe(true);
  });

  it('各マシンが宣言する actor はすべてアプリの実装に置き換わっていること（「アプリが提供する」の仮の実装が残らない）', () => {
    const provided = createFlowMachines(machineRegistry, { queryClient: createQueryClient() });
    const leftAsDeclared = provided.flatMap(({ id, machine }) => {
      const declared = machineRegistry.find((entry) => entry.id === id)?.machine.implementations.actors ?? {};
      return Object.keys(declared).flatMap((name) => (machine.implementations.actors[name] === declared[name] ? [`${id}.${name}`] : []));
    });
    expect(leftAsDeclared).toEqual([]);
  });

  it('始めるフローの input に連絡先を加えること', () => {
    const { flows } = registry([]);
    const flow = flows.start('anshinApply', input);
    expect(flow.actor.getSnapshot().context).toMatchObject({ contact: { mailAddress: null, phoneNumber: '08011112222' }, sbSystemId: sampleInput.sbSystemId });
    flows.clear();
  });

  it('external の状態に入ったときに一度だけ、保存のあとで、出たことをサーバーに示してからカード決済サービスへ移ること', async () => {
    api();
    const doings: string[] = [];
    const { flows } = registry(doings);
    const flow = flows.start('anshinApply', input);
    const stored: (string | null)[] = [];
    flows.get('anshinApply')?.actor.subscribe((snapshot) => {
      if (snapshot.hasTag('external')) stored.push(sessionStorage.getItem('portal.flow.anshinApply'));
    });
    flow.actor.send({ type: 'wizard.next' });
    await until<'anshinApply'>(flow.actor, (s) => s.matches('applyForm'));
    flow.actor.send({ type: 'consent.toggle', consented: true });
    flow.actor.send({ type: 'wizard.next' });
    await until<'anshinApply'>(flow.actor, (s) => s.matches('paymentSelect'));
    flow.actor.send({ type: 'payment.select', method: '99' });
    await until<'anshinApply'>(flow.actor, (s) => s.hasTag('external'));
    expect(doings).toEqual(['mark away', 'leave https://card.example.jp/order/o-7']);
    expect(stored[0]).toContain('"away"');

    // Back from the provider: the run is restored already away; nobody is sent off again, and
    // the mark stays until the run leaves its wait.
    const again: string[] = [];
    const restoredRegistry = registry(again);
    const restored = restoredRegistry.flows.getByFlowId(flow.flowId);
    expect(restored?.actor.getSnapshot().hasTag('external')).toBe(true);
    expect(again).toEqual([]);
    restored?.actor.send({ type: 'wizard.back' });
    expect(again).toEqual(['mark back']);
    flows.clear();
  });
});
