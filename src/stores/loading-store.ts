/** The loading overlay (spec section 3, transient UI state); memory only. */
import { createMemoryStore, registerStore } from './store-core';

export type LoadingState = { readonly visible: boolean; readonly message: string };

export const loadingStore = registerStore(createMemoryStore<LoadingState>(() => ({ visible: false, message: '' })));

export function showLoading(message = ''): void {
  loadingStore.set({ visible: true, message });
}

export function hideLoading(): void {
  loadingStore.set({ visible: false, message: '' });
}
