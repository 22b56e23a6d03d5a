import { describe, expect, it } from 'vitest';
import { liveContractOf } from '../../contracts/api/service-contracts';

describe('liveContractOf: the contract of a service that has not ended', () => {
  const contracts = [
    { contractId: 'ended', serviceId: '231', status: 'withdrawn' },
    { contractId: 'other-service', serviceId: '223', status: 'active' },
    { contractId: 'live', serviceId: '231', status: 'withdrawal_reserved' },
  ] as const;

  it("is the service's own contract that has not ended, not another service's nor an ended one", () => {
    expect(liveContractOf(contracts, '231')?.contractId).toBe('live');
    expect(liveContractOf(contracts, '223')?.contractId).toBe('other-service');
  });

  it('is none when the service has only ended contracts, or none at all', () => {
    expect(liveContractOf(contracts.slice(0, 2), '231')).toBeUndefined();
    expect(liveContractOf(contracts, '237')).toBeUndefined();
  });
});
