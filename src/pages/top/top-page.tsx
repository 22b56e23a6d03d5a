/**
 * /Top: the customer's three services with their state and the procedures open now
 * (GET .../service/usage/status), and sign-out. The markup is TopView's, which the server's first
 * view draws too (docs/decisions/0106-first-view-from-the-server.md).
 */
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { ErrorCode } from '../../../contracts/error-catalogue';
import type { RouterContext } from '../../router/router-context';
import { authStore } from '../../stores/auth-store';
import { clearAllStores } from '../../stores/clear-all-stores';
import { TopView } from './top-view';
import { usageStatusQueryOptions } from './usage-status-query';

export function TopPage() {
  const { data } = useSuspenseQuery(usageStatusQueryOptions());
  const queryClient = useQueryClient();
  const { flows } = useRouter().options.context as RouterContext;
  // Read once: the form must still carry the token after the stores are cleared on submit.
  const [sessionToken] = useState(() => authStore.get().sessionToken ?? '');
  // Sent here from a page that cannot be opened directly (navigation rules, E9997).
  const notice = useLocation({ select: (location) => location.state.noticeCode });
  const onLogout = () => {
    flows.clear();
    queryClient.clear();
    clearAllStores();
  };
  return <TopView status={data} sessionToken={sessionToken} onLogout={onLogout} notice={notice === ErrorCode.ProceedFromTop ? notice : undefined} />;
}
