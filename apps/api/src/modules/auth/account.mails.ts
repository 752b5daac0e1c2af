import type { Mail } from '../../core/mail/mail.service';
import { escapeHtml as escape } from '../../core/http/escape-html';
import { mailLayout } from './auth.mails';

/** Told to the account after its password changed while signed in: if it was not them, they know at once. */
export function passwordChangedMail(to: string, username: string, resetLink: string): Mail {
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
export function dataExportedMail(to: string, username: string): Mail {
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
