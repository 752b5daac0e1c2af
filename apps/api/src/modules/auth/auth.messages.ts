import type { Localized } from '@think-tank/contracts';

/** Success messages of the auth calls. */
export const AuthMessage = {
  registered: {
    zh: '注册成功，验证码已发送到您的邮箱',
    en: 'Registered. A verification code has been sent to your e-mail.',
  },
  verified: { zh: '邮箱验证成功，已为您登录', en: 'E-mail verified. You are now logged in.' },
  codeResent: {
    zh: '如果该邮箱需要验证，新的验证码已发送',
    en: 'If this address needs verifying, a new code has been sent.',
  },
  loggedIn: { zh: '登录成功', en: 'Logged in.' },
  resetSent: {
    zh: '如果该邮箱已注册，重置密码的链接已发送',
    en: 'If this address is registered, a password reset link has been sent.',
  },
  confirmationCodeMailed: {
    zh: '验证码已发送至您的邮箱，请在 10 分钟内填写',
    en: 'A code has been sent to your address; enter it within 10 minutes.',
  },
  confirmationCodeTexted: {
    zh: '验证码已发送至您绑定的手机，请在 10 分钟内填写',
    en: 'A code has been texted to your phone; enter it within 10 minutes.',
  },
  emailChangeCodeSent: {
    zh: '验证码已发送至新邮箱，请在 10 分钟内填写',
    en: 'A code has been sent to the new address; enter it within 10 minutes.',
  },
  emailChanged: {
    zh: '登录邮箱已更换，原邮箱已收到通知',
    en: 'Your e-mail address has been changed; the old address has been told.',
  },
  passwordChanged: {
    zh: '密码已修改，其他设备上的登录已退出',
    en: 'Your password has been changed; you are signed out on every other device.',
  },
  passwordReset: {
    zh: '密码已重置，请使用新密码登录',
    en: 'Your password has been reset. Please log in with the new one.',
  },
  refreshed: { zh: '登录状态已更新', en: 'Session renewed.' },
} as const satisfies Record<string, Localized>;
