/**
 * The account-menu change in progress (spec section 3, "user"). `userBeforeData` is what the
 * customer had before the change, shown beside the new values on the confirm pages.
 */
import { z } from 'zod/mini';
import { createPersistedStore } from './store-core';

export const NotificationSettingSchema = z.object({
  /** A channel code of contracts/codes.ts `Channel`. */
  channel: z.string(),
  enabled: z.boolean(),
});
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

export const UserBeforeDataSchema = z.object({
  name: z.object({
    lastNameKanji: z.string(),
    firstNameKanji: z.string(),
    lastNameKana: z.string(),
    firstNameKana: z.string(),
  }),
  birthday: z.nullable(z.string()),
  address: z.object({
    postalCode: z.string(),
    address: z.string(),
    subAddress: z.string(),
  }),
  phoneNumber: z.nullable(z.string()),
  mailAddress: z.nullable(z.string()),
  notificationList: z.array(NotificationSettingSchema),
});
export type UserBeforeData = z.infer<typeof UserBeforeDataSchema>;

export const UserStateSchema = z.object({
  userChangeKey: z.nullable(z.string()),
  /** The new values, by field name, until the change is submitted. */
  userChangeData: z.nullable(z.record(z.string(), z.string())),
  transitionSource: z.nullable(z.string()),
  fromMemberInfoConfirmFlg: z.boolean(),
  optins: z.array(NotificationSettingSchema),
  userBeforeData: z.nullable(UserBeforeDataSchema),
});
export type UserState = z.infer<typeof UserStateSchema>;

export const userStore = createPersistedStore({
  name: 'user',
  version: 1,
  schema: UserStateSchema,
  defaults: (): UserState => ({
    userChangeKey: null,
    userChangeData: null,
    transitionSource: null,
    fromMemberInfoConfirmFlg: false,
    optins: [],
    userBeforeData: null,
  }),
});
