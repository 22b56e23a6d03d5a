import { describe, expect, it } from 'vitest';
import { cancelOptions } from '../../contracts/api/service-requests';
import { ServiceId } from '../../contracts/codes';

describe('cancelOptions: the ways of cancelling a contract offers', () => {
  it('offers the reckoning-date reservation (06) only to the in-store support service, between month end and now', () => {
    expect(cancelOptions(ServiceId.InStoreSupport, 'active')).toEqual(['04', '06', '03']);
    expect(cancelOptions(ServiceId.DataStorage, 'active')).toEqual(['04', '03']);
    expect(cancelOptions(ServiceId.BasketLive, 'active')).toEqual(['04', '03']);
  });

  it('offers the same to every service in the other states', () => {
    for (const serviceId of Object.values(ServiceId)) {
      expect(cancelOptions(serviceId, 'withdrawal_reserved')).toEqual(['05']);
      expect(cancelOptions(serviceId, 'suspended')).toEqual(['03']);
      expect(cancelOptions(serviceId, 'withdrawn')).toEqual([]);
      expect(cancelOptions(serviceId, 'none')).toEqual([]);
    }
  });
});
