/** The account menu's 22 paths (spec section 2), apart from the machine so a page can name them without loading it. */
export const AccountPages = {
  menu: '/AccountMenu',
  userInfo: '/AccountMenu/Confirm/UserInfo',
  userName: '/AccountMenu/Update/UserName',
  phone: '/AccountMenu/Update/Phone',
  email: '/AccountMenu/Update/Email',
  address: '/AccountMenu/Update/Address',
  contactInfo: '/AccountMenu/Contact/Info',
  contactEmail: '/AccountMenu/Contact/Email',
  contactPhone: '/AccountMenu/Contact/Phone',
  contactCompleted: '/AccountMenu/Contact/Completed',
  securityInfo: '/AccountMenu/Security/Info',
  securityChange: '/AccountMenu/Security/Change',
  securityCompleted: '/AccountMenu/Security/Completed',
  loginHistory: '/AccountMenu/LoginHistory',
  receiveInfo: '/AccountMenu/ReceiveSet/Info',
  receiveChange: '/AccountMenu/ReceiveSet/Change',
  receiveCompleted: '/AccountMenu/ReceiveSet/Completed',
  receiveGuide: '/AccountMenu/Recieve/Information',
  loginIdChange: '/AccountMenu/SbidSet/Change',
  loginIdCompleted: '/AccountMenu/SbidSet/Completed',
  passwordChange: '/AccountMenu/PasswordSet/Change',
  passwordCompleted: '/AccountMenu/PasswordSet/Completed',
} as const;

export type AccountPage = (typeof AccountPages)[keyof typeof AccountPages];
