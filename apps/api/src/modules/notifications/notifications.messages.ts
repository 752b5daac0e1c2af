import { formatMoney, WebRoute, type Currency, type Localized, type MailKind } from '@think-tank/contracts';

/** A message in both languages, with where it leads, and the kind of mail that also carries it (if any). */
export interface MessageDraft {
  title: Localized;
  content: Localized;
  actionUrl?: string | null;
  mail?: MailKind;
}

const day = (d: Date, lang: 'zh' | 'en') =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'Asia/Shanghai',
  }).format(d);

/** Every message the product sends by itself (contract §7). */
export const Messages = {
  welcome: (username: string): MessageDraft => ({
    title: { zh: '欢迎来到智库', en: 'Welcome to 智库' },
    content: {
      zh: `${username}，您的邮箱已验证。搜索方案库，或订阅套餐阅读完整方案。`,
      en: `${username}, your e-mail is verified. Search the library, or subscribe to read whole solutions.`,
    },
    actionUrl: '/',
  }),
  paymentSucceeded: (
    subject: string,
    price: { amount: number; currency: Currency },
    actionUrl: string | null,
  ): MessageDraft => ({
    title: { zh: '支付成功', en: 'Payment received' },
    content: {
      zh: `您已成功支付 ${formatMoney(price)}：${subject}。`,
      en: `We received your payment of ${formatMoney(price)} for ${subject}.`,
    },
    actionUrl,
    mail: 'payment',
  }),
  paymentFailed: (subject: string): MessageDraft => ({
    title: { zh: '支付失败', en: 'Payment failed' },
    content: {
      zh: `${subject} 的支付未成功，您可以稍后重试。`,
      en: `The payment for ${subject} did not go through. You can try again later.`,
    },
    actionUrl: '/subscription',
    mail: 'payment',
  }),
  subscriptionStarted: (plan: Localized, end: Date): MessageDraft => ({
    title: { zh: '订阅已生效', en: 'Subscription started' },
    content: {
      zh: `${plan.zh} 已生效，有效期至 ${day(end, 'zh')}。`,
      en: `${plan.en} is active until ${day(end, 'en')}.`,
    },
    actionUrl: '/subscription-management',
  }),
  vipApproved: (quota: number, note: string | null): MessageDraft => ({
    title: { zh: 'VIP 申请已通过', en: 'Your VIP application is approved' },
    content: {
      zh: `您已成为 VIP 用户：阶段费用全免，并获得 ${quota} 次需求启动额度。${note ? `备注：${note}` : ''}`,
      en: `You are now a VIP user: no stage fees, and ${quota} demand start-ups.${note ? ` Note: ${note}` : ''}`,
    },
    actionUrl: WebRoute.requirements,
  }),
  vipRejected: (reason: string): MessageDraft => ({
    title: { zh: 'VIP 申请未通过', en: 'Your VIP application was not approved' },
    content: {
      zh: `原因：${reason}。您可以修改后重新申请。`,
      en: `Reason: ${reason}. You may apply again.`,
    },
    actionUrl: WebRoute.vipApplication,
  }),
  orderRefunded: (
    subject: string,
    price: { amount: number; currency: Currency },
    reversedInvoice: string | null,
  ): MessageDraft => ({
    title: { zh: '订单已退款', en: 'Your order was refunded' },
    content: {
      zh: `${subject} 的 ${formatMoney(price)} 已原路退回，其所购内容随之收回。${reversedInvoice ? `已开具的发票 ${reversedInvoice} 将作废，我们会为其开具红字发票（红冲）。` : ''}`,
      en: `${formatMoney(price)} for ${subject} was returned the way it was paid, and what it bought was taken back.${reversedInvoice ? ` Invoice ${reversedInvoice} will be cancelled by a red-letter invoice (红冲).` : ''}`,
    },
    actionUrl: WebRoute.myOrders,
  }),
  refundFailed: (subject: string): MessageDraft => ({
    title: { zh: '退款未能到账', en: 'Your refund did not go through' },
    content: {
      zh: `「${subject}」的退款被支付渠道退回，款项未能退到您的账户（常见原因是付款的银行卡已注销或冻结）。客服会在 1 个工作日内联系您，改用其他方式退款。`,
      en: `The refund for “${subject}” was returned by the payment provider and did not reach your account (often because the card paid with is closed or frozen). Support will contact you within one working day to refund you another way.`,
    },
    actionUrl: WebRoute.myOrders,
  }),
  latePaymentRefunded: (subject: string, price: { amount: number; currency: Currency }): MessageDraft => ({
    title: { zh: '已取消订单的付款已退回', en: 'A payment for a cancelled order was returned' },
    content: {
      zh: `您取消的订单「${subject}」之后仍收到一笔 ${formatMoney(price)} 的付款，我们已原路全额退回，无需联系客服。`,
      en: `A payment of ${formatMoney(price)} arrived for your cancelled order “${subject}”. We returned it in full the way it was paid; there is nothing you need to do.`,
    },
    actionUrl: WebRoute.myOrders,
  }),
  invoiceReversed: (invoiceNumber: string, reversalNumber: string): MessageDraft => ({
    title: { zh: '红字发票已开具', en: 'Your invoice was reversed' },
    content: {
      zh: `发票 ${invoiceNumber} 已由红字发票 ${reversalNumber} 冲销，可在“我的订单”中下载。`,
      en: `Invoice ${invoiceNumber} is cancelled by red-letter invoice ${reversalNumber}; download it from your orders.`,
    },
    actionUrl: WebRoute.myOrders,
  }),
  invoiceIssued: (invoiceNumber: string, title: string): MessageDraft => ({
    title: { zh: '发票已开具', en: 'Your invoice is issued' },
    content: {
      zh: `发票（抬头：${title}，号码 ${invoiceNumber}）已开具，可在“我的订单”中下载。`,
      en: `Your invoice (title: ${title}, number ${invoiceNumber}) is issued; download it from your orders.`,
    },
    actionUrl: WebRoute.myOrders,
  }),
  invoiceRejected: (reason: string): MessageDraft => ({
    title: { zh: '发票申请未通过', en: 'Your invoice request was not accepted' },
    content: {
      zh: `原因：${reason}。您可以修改后在“我的订单”中重新申请。`,
      en: `Reason: ${reason}. You may correct it and ask again from your orders.`,
    },
    actionUrl: WebRoute.myOrders,
  }),
  subscriptionCanceled: (end: Date): MessageDraft => ({
    title: { zh: '订阅已取消', en: 'Subscription cancelled' },
    content: {
      zh: `您的订阅不会再续费，当前权益保留至 ${day(end, 'zh')}。`,
      en: `Your subscription will not renew; you keep access until ${day(end, 'en')}.`,
    },
    actionUrl: '/subscription-management',
  }),
  /** A prepaid period (Alipay, sandbox) nothing renews: the action opens the checkout for the same plan. */
  subscriptionEnding: (plan: Localized, end: Date, planId: string): MessageDraft => ({
    title: { zh: '订阅即将到期', en: 'Your subscription ends soon' },
    content: {
      zh: `${plan.zh} 将于 ${day(end, 'zh')} 到期，续订可继续阅读完整方案。`,
      en: `${plan.en} ends on ${day(end, 'en')}. Renew to keep reading whole solutions.`,
    },
    actionUrl: WebRoute.renewal(planId),
    mail: 'subscription',
  }),
  stageCompleted: (demandName: string, stage: Localized, actionUrl: string): MessageDraft => ({
    title: { zh: '阶段已完成', en: 'Stage completed' },
    content: {
      zh: `需求“${demandName}”的${stage.zh}阶段已生成完毕，可以查看与编辑结果。`,
      en: `The ${stage.en} stage of “${demandName}” is ready to read and edit.`,
    },
    actionUrl,
    mail: 'stage',
  }),
  stageFailed: (demandName: string, stage: Localized, reason: string, actionUrl: string): MessageDraft => ({
    title: { zh: '阶段处理失败', en: 'Stage failed' },
    content: {
      zh: `需求“${demandName}”的${stage.zh}阶段处理失败：${reason}。您可以在需求详情页重试。`,
      en: `The ${stage.en} stage of “${demandName}” failed: ${reason}. You can retry it on the demand's page.`,
    },
    actionUrl,
    mail: 'stage',
  }),
};
