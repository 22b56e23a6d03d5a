import { describe, expect, it } from 'vitest';
import { parseEventLine } from '../../scripts/statecharts/run-scxml';

describe('npm run scxml: one event a line', () => {
  it('reads a name, an optional invoke id for error.execution and JSON data', () => {
    expect(parseEventLine('wizard.next')).toEqual({ name: 'wizard.next', data: {} });
    expect(parseEventLine('payment.select {"method":"99"}')).toEqual({ name: 'payment.select', data: { method: '99' } });
    expect(parseEventLine('done.invoke.loadContract {"status":"active"}')).toEqual({
      name: 'done.invoke.loadContract',
      data: { status: 'active' },
      invokeid: 'loadContract',
    });
    expect(parseEventLine('error.execution updateContract {"errorCode":null}')).toEqual({
      name: 'error.execution',
      data: { errorCode: null },
      invokeid: 'updateContract',
    });
  });
});
