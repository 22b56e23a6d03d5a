/** The common modal (spec section 3, transient UI state); memory only. */
import { createMemoryStore, registerStore } from './store-core';

export type CommonModalState = {
  readonly visible: boolean;
  /** Closing the modal leads to /Top. */
  readonly navigateToTop: boolean;
  readonly title: string;
  readonly subTitle: string;
  readonly msgList: readonly string[];
  readonly commonMessage: string;
};

const closed = (): CommonModalState => ({
  visible: false,
  navigateToTop: false,
  title: '',
  subTitle: '',
  msgList: [],
  commonMessage: '',
});

export const commonModalStore = registerStore(createMemoryStore<CommonModalState>(closed));

export function openCommonModal(content: Partial<Omit<CommonModalState, 'visible'>>): void {
  commonModalStore.set({ ...closed(), ...content, visible: true });
}

export function closeCommonModal(): void {
  commonModalStore.reset();
}
