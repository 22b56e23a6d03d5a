import { describe, expect, it } from 'vitest';
import { flowInput, returnUrlsFor } from '../../../src/flows/flow-inputs';

describe('flow input', () => {
  it('carries the run\'s flow id in both card provider return URLs', () => {
    expect(returnUrlsFor('https://portal.example.jp', 'a b')).toEqual({
      orderDoneUrl: 'https://portal.example.jp/Payment/Redirect?flowId=a%20b',
      cancelUrl: 'https://portal.example.jp/Payment/Cancel/Redirect?flowId=a%20b',
    });
    expect(flowInput({ flowId: 'f1', sbSystemId: '0000000001', origin: 'http://localhost:5173' })).toEqual({
      sbSystemId: '0000000001',
      returnUrls: {
        orderDoneUrl: 'http://localhost:5173/Payment/Redirect?flowId=f1',
        cancelUrl: 'http://localhost:5173/Payment/Cancel/Redirect?flowId=f1',
      },
    });
  });
});
