import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppConfig } from '../../../src/config/app-config';
import { createFlowRegistry } from '../../../src/flows/flow-registry';
import { createNavigationServices } from '../../../src/navigation/navigation-services';

function servicesAt(path: string, navigationType: string) {
  window.history.replaceState(null, '', path);
  return createNavigationServices({
    queryClient: new QueryClient(),
    flows: createFlowRegistry({ machines: [] }),
    config: createAppConfig('localhost', {}),
    navigationType: () => navigationType,
  });
}

describe('reload detection', () => {
  it('再読み込みされた文書の最初の移動で、そのパスについて一度だけ再読み込みと答えること', () => {
    const services = servicesAt('/AnshinDataBox/Apply/', 'reload');
    expect(services.isReload?.('/AnshinDataBox/Apply')).toBe(true);
    expect(services.isReload?.('/AnshinDataBox/Apply')).toBe(false);
  });

  it('別のパスや、通常の読み込みでは再読み込みと答えないこと', () => {
    expect(servicesAt('/AnshinDataBox/Apply', 'reload').isReload?.('/AnshinDataBox/Apply/Completed')).toBe(false);
    expect(servicesAt('/AnshinDataBox/Apply', 'navigate').isReload?.('/AnshinDataBox/Apply')).toBe(false);
  });
});

describe('history return detection', () => {
  it('ブラウザの戻る・進むで開かれた文書の最初の移動で、そのパスについて一度だけ戻りと答え、再読み込みや通常の読み込みでは答えないこと', () => {
    const services = servicesAt('/AnshinDataBox/Resume/Confirm', 'back_forward');
    expect(services.isHistoryReturn?.('/AnshinDataBox/Resume/Confirm')).toBe(true);
    expect(services.isHistoryReturn?.('/AnshinDataBox/Resume/Confirm')).toBe(false);
    expect(servicesAt('/AnshinDataBox/Resume/Confirm', 'reload').isHistoryReturn?.('/AnshinDataBox/Resume/Confirm')).toBe(false);
    expect(servicesAt('/AnshinDataBox/Resume/Confirm', 'navigate').isHistoryReturn?.('/AnshinDataBox/Resume/Confirm')).toBe(false);
  });
});
