import type { Mail } from '../../core/mail/mail.service';
import { escapeHtml as escape } from '../../core/http/escape-html';
import { mailLayout } from '../../core/mail/mail-layout';

/** Told to the account after its password changed while signed in: if it was not them, they know at once. */
export function passwordChangedMail(to: string | null, username: string, resetLink: string): Mail {
  return {
    to,
    subject: '智库：您的密码已修改',
    text: `${username}，您好：\n\n您的智库账户密码刚刚已修改，其他设备上的登录均已退出。如非本人操作，请立即通过以下链接重置密码：\n${resetLink}\n\nThe password of your 智库 account was just changed and every other device was signed out. If this was not you, reset it at the link above.\n`,
    html: mailLayout('密码已修改', [
      `${escape(username)}，您好：`,
      `您的智库账户密码刚刚已修改，其他设备上的登录均已退出。如非本人操作，请立即<a href="${escape(resetLink)}">重置密码</a>。`,
      `<span style="color:#6c757d">The password of your 智库 account was just changed and every other device was signed out. If this was not you, <a href="${escape(resetLink)}">reset it</a>.</span>`,
    ]),
  };
}

/** Told to the account after a copy of its data was downloaded. */
export function dataExportedMail(to: string | null, username: string): Mail {
  return {
    to,
    subject: '智库：您的账户数据已导出',
    text: `${username}，您好：\n\n您刚刚导出了智库账户中保存的全部个人数据。如非本人操作，请立即修改密码。\n\nA copy of everything your 智库 account holds was just downloaded. If this was not you, change your password now.\n`,
    html: mailLayout('账户数据已导出', [
      `${escape(username)}，您好：`,
      '您刚刚导出了智库账户中保存的全部个人数据。如非本人操作，请立即修改密码。',
      '<span style="color:#6c757d">A copy of everything your 智库 account holds was just downloaded. If this was not you, change your password now.</span>',
    ]),
  };
}

/** Told to the old address once the account moved to a new one: if it was not them, they know where it went. */
export function emailChangedMail(to: string | null, username: string, newEmail: string): Mail {
  return {
    to,
    subject: '智库：您的登录邮箱已更换',
    text: `${username}，您好：\n\n您的智库账户邮箱已更换为 ${newEmail}，此后的通知将发送到新邮箱。如非本人操作，请立即联系客服。\n\nThe e-mail address of your 智库 account was changed to ${newEmail}. If this was not you, contact support now.\n`,
    html: mailLayout('登录邮箱已更换', [
      `${escape(username)}，您好：`,
      `您的智库账户邮箱已更换为 ${escape(newEmail)}，此后的通知将发送到新邮箱。如非本人操作，请立即联系客服。`,
      `<span style="color:#6c757d">The e-mail address of your 智库 account was changed to ${escape(newEmail)}. If this was not you, contact support now.</span>`,
    ]),
  };
}

/** The last mail to a deleted account's address: what went and what accounting keeps. */
export function accountDeletedMail(to: string | null, username: string): Mail {
  return {
    to,
    subject: '智库：您的账户已注销',
    text: `${username}，您好：\n\n您的智库账户已注销：个人资料、登录方式、收藏、浏览记录、消息、VIP 申请和需求均已删除。订单与发票按会计法规匿名保留。\n\nYour 智库 account has been deleted: your profile, sign-ins, favourites, history, messages, VIP applications and requirements are erased. Orders and invoices are kept, anonymised, as accounting law requires.\n`,
    html: mailLayout('账户已注销', [
      `${escape(username)}，您好：`,
      '您的智库账户已注销：个人资料、登录方式、收藏、浏览记录、消息、VIP 申请和需求均已删除。订单与发票按会计法规匿名保留。',
      '<span style="color:#6c757d">Your 智库 account has been deleted: your profile, sign-ins, favourites, history, messages, VIP applications and requirements are erased. Orders and invoices are kept, anonymised, as accounting law requires.</span>',
    ]),
  };
}
