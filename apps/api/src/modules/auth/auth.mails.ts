import { EMAIL_CODE_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS } from '@think-tank/contracts';
import type { Mail } from '../../core/mail/mail.service';
import { escapeHtml } from '../../core/http/escape-html';
import { mailLayout } from '../../core/mail/mail-layout';

/** Chinese first, with one English line (issue 2). */
export function verificationCodeMail(to: string | null, username: string, code: string): Mail {
  const minutes = EMAIL_CODE_TTL_SECONDS / 60;
  return {
    to,
    // The code stays out of the subject: the console's failed-mail list shows subjects to support.
    subject: '智库：您的邮箱验证码',
    text: `${username}，您好：\n\n您的邮箱验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本邮件。\n\nYour 智库 verification code is ${code}; it is valid for ${minutes} minutes.\n`,
    html: mailLayout('邮箱验证码', [
      `${escapeHtml(username)}，您好：`,
      `您的邮箱验证码是 <strong style="font-size:22px;letter-spacing:4px">${code}</strong>，${minutes} 分钟内有效。如非本人操作，请忽略本邮件。`,
      `<span style="color:#6c757d">Your 智库 verification code is ${code}; it is valid for ${minutes} minutes.</span>`,
    ]),
  };
}

export function passwordResetMail(to: string, username: string, link: string): Mail {
  const minutes = RESET_TOKEN_TTL_SECONDS / 60;
  return {
    to,
    subject: '智库：重置您的密码',
    text: `${username}，您好：\n\n请打开以下链接重置密码（${minutes} 分钟内有效，只能使用一次）：\n${link}\n\n如非本人操作，请忽略本邮件。\n\nTo reset your 智库 password, open the link above within ${minutes} minutes.\n`,
    html: mailLayout('重置密码', [
      `${escapeHtml(username)}，您好：`,
      `请点击 <a href="${escapeHtml(link)}">重置密码</a>（${minutes} 分钟内有效，只能使用一次）。如非本人操作，请忽略本邮件。`,
      `<span style="color:#6c757d">To reset your 智库 password, open <a href="${escapeHtml(link)}">this link</a> within ${minutes} minutes.</span>`,
    ]),
  };
}
