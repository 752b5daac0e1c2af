import type { Language, MailKind } from '@think-tank/contracts';
import { escapeHtml as escape } from '../../core/http/escape-html';
import { mailLayout } from '../../core/mail/mail-layout';
import type { Mail } from '../../core/mail/mail.service';
import type { MailRecipient } from './mail-preferences.repository';
import type { MessageDraft } from './notifications.messages';

const KIND_NAMES: Record<MailKind, Record<Language, string>> = {
  stage: { zh: '阶段完成或失败', en: 'a stage finished or failed' },
  payment: { zh: '支付结果', en: 'payments' },
  subscription: { zh: '订阅即将到期', en: 'a subscription about to end' },
};

/** Where a notification mail leads: its message's page, one-click unsubscribe (RFC 8058), and the settings. */
export interface MailLinks {
  action: string | null;
  /** The API's one-click address, for List-Unsubscribe (mail clients POST to it). */
  oneClick: string;
  /** The web page that asks before unsubscribing, for people. */
  unsubscribePage: string;
  preferences: string;
}

/** A message sent also by e-mail, in the recipient's language, with the unsubscribe headers of RFC 8058. */
export function notificationMail(
  to: MailRecipient,
  kind: MailKind,
  draft: MessageDraft,
  links: MailLinks,
): Mail {
  const lang = to.language;
  const [title, content] = [draft.title[lang], draft.content[lang]];
  const zh = lang === 'zh';
  const open = zh ? '查看详情' : 'Open it';
  const why = zh
    ? `您收到这封邮件，是因为开启了“${KIND_NAMES[kind].zh}”邮件通知。`
    : `You get this mail because e-mails about ${KIND_NAMES[kind].en} are on.`;
  const stop = zh ? '退订此类邮件' : 'Unsubscribe from these';
  const settings = zh ? '管理邮件通知' : 'Mail settings';
  return {
    to: to.email,
    subject: `${zh ? '智库：' : '智库: '}${title}`,
    text: [
      content,
      links.action ? `${open}: ${links.action}` : '',
      `${why}\n${stop}: ${links.unsubscribePage}\n${settings}: ${links.preferences}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    html: mailLayout(
      title,
      [
        `<strong>${escape(title)}</strong>`,
        escape(content),
        ...(links.action ? [`<a href="${escape(links.action)}">${open}</a>`] : []),
        `<span style="color:#6c757d;font-size:12px">${escape(why)} <a href="${escape(links.unsubscribePage)}">${stop}</a> · <a href="${escape(links.preferences)}">${settings}</a></span>`,
      ],
      lang,
    ),
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
