import type { ErrorCode, Localized } from '@think-tank/contracts';

/** What each error code tells the user; the Record type makes a missing code or language a compile error. */
export const ERROR_MESSAGES: Record<ErrorCode, Localized> = {
  VALIDATION_FAILED: { zh: '输入不符合要求', en: 'The input is invalid.' },
  BAD_REQUEST: { zh: '请求格式不正确', en: 'The request is malformed.' },
  NOT_FOUND: { zh: '请求的资源不存在', en: 'The requested resource does not exist.' },
  UNAUTHORIZED: { zh: '请先登录', en: 'Please log in.' },
  FORBIDDEN: { zh: '没有权限执行此操作', en: 'You are not allowed to do this.' },
  PAYLOAD_TOO_LARGE: { zh: '请求内容过大', en: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { zh: '不支持的请求内容类型', en: 'Unsupported content type.' },
  TOO_MANY_REQUESTS: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later.' },
  INTERNAL_ERROR: { zh: '服务器内部错误，请稍后重试', en: 'Internal server error, please try again later.' },
  SERVICE_UNAVAILABLE: {
    zh: '服务暂不可用，请稍后重试',
    en: 'The service is unavailable, please try again later.',
  },
  USERNAME_TAKEN: { zh: '用户名已被占用', en: 'This username is already taken.' },
  EMAIL_TAKEN: { zh: '该邮箱已注册', en: 'This e-mail address is already registered.' },
  INVALID_CODE: {
    zh: '验证码错误或已过期，请重试。',
    en: 'The code is wrong or has expired, please try again.',
  },
  INVALID_CREDENTIALS: { zh: '用户名或密码错误', en: 'Wrong username or password.' },
  WRONG_PASSWORD: { zh: '当前密码不正确', en: 'The current password is wrong.' },
  EMAIL_NOT_VERIFIED: {
    zh: '邮箱尚未验证，请先完成邮箱验证',
    en: 'Your e-mail address is not verified yet.',
  },
  ACCOUNT_DISABLED: {
    zh: '账号已被停用，请联系客服',
    en: 'This account is disabled, please contact support.',
  },
  INVALID_REFRESH_TOKEN: {
    zh: '登录状态已失效，请重新登录',
    en: 'Your session has expired, please log in again.',
  },
  INVALID_RESET_TOKEN: { zh: '重置链接无效或已过期', en: 'The reset link is invalid or has expired.' },
  PROVIDER_DISABLED: { zh: '该第三方登录方式未开启', en: 'This sign-in provider is not enabled.' },
  PAYMENT_UNAVAILABLE: {
    zh: '该支付方式暂不可用，请选择其他方式或稍后重试',
    en: 'This payment method is not available, please choose another or try again later.',
  },
  ITEM_NOT_AVAILABLE: {
    zh: '该商品或套餐暂不可购买',
    en: 'This item or plan is not available for purchase.',
  },
  PLAN_IN_USE: {
    zh: '该套餐已有订单，不能删除；可将其设为不可购买',
    en: 'This plan has orders and cannot be deleted; mark it not valid instead.',
  },
  CONFLICT: { zh: '与现有数据冲突', en: 'This conflicts with existing data.' },
  ILLEGAL_CONTENT: {
    zh: '需求包含违规内容（如毒品、武器、军事），无法继续处理。',
    en: 'The demand contains prohibited content (drugs, weapons, military) and cannot proceed.',
  },
  STAGE_NOT_COMPLETED: {
    zh: '当前阶段尚未完成，暂不能进入下一阶段。',
    en: 'The current stage is not completed yet.',
  },
  NO_NEXT_STAGE: { zh: '已是最后一个阶段。', en: 'This is the last stage.' },
  STAGE_NOT_OPEN: {
    zh: '场景暂未开放，请等待或联系客服。',
    en: 'This stage is not open yet; please wait or contact support.',
  },
  STAGE_NOT_FAILED: { zh: '只有失败的阶段可以重试。', en: 'Only a failed stage can be retried.' },
  NO_PAYMENT_DUE: { zh: '该阶段当前无需支付。', en: 'Nothing is due for this stage now.' },
  PAYMENT_REQUIRED: {
    zh: '该阶段的费用已退款，需重新支付后才能再次运行。',
    en: 'This stage’s fee was refunded: pay it again before it runs again.',
  },
  STAGE_LOCKED: {
    zh: '下一阶段已按当前选择的模块计价并等待支付或正在生成，此阶段暂不能修改。',
    en: 'The next stage was priced from these modules and is awaiting payment or being generated: this stage cannot be changed now.',
  },
  NO_MODULES_SELECTED: {
    zh: '请至少选择一个模块后再进入下一阶段。',
    en: 'Select at least one module before entering the next stage.',
  },
  REFUND_REFUSED: {
    zh: '支付渠道拒绝了退款，订单仍为已支付。',
    en: 'The payment gateway refused the refund; the order is still paid.',
  },
  VIP_APPLICATION_PENDING: {
    zh: '您已有一份待审核的 VIP 申请，请等待审核结果。',
    en: 'You already have a VIP application under review; please wait for the decision.',
  },
  ALREADY_VIP: { zh: '您已是 VIP 用户，无需申请。', en: 'You are already a VIP user.' },
  APPLICATION_DECIDED: {
    zh: '该申请已被处理，请刷新后查看。',
    en: 'This application has already been decided; refresh to see it.',
  },
  ORDER_NOT_PAID: { zh: '只有已支付的订单可以申请发票。', en: 'Only a paid order can have an invoice.' },
  INVOICE_ALREADY_REQUESTED: {
    zh: '该订单已申请过发票，请勿重复申请。',
    en: 'An invoice has already been requested for this order.',
  },
  INVALID_PDF: {
    zh: '请上传不超过 2 MB 的 PDF 文件。',
    en: 'Please upload a PDF file of at most 2 MB.',
  },
  TOO_MANY_PENDING_DEMANDS: {
    zh: '您已有 10 个需求在等待支付启动费用，请先支付或删除其中一些，再提交新的需求。',
    en: 'You already have 10 demands waiting for their start-up fee: pay for or delete some of them first.',
  },
  PLAN_STARTS_LATER: {
    zh: '您当前的套餐仍在有效期内，该套餐不会提升您的权益。请用支付宝或微信支付续费（到期后自动生效），或到期后再开通银行卡自动续费。',
    en: 'Your current plan is still running and this plan lifts none of its limits. Renew with Alipay or WeChat Pay (it starts when the current period ends), or start a card subscription once it has ended.',
  },
  SMS_UNAVAILABLE: {
    zh: '短信暂时发送失败，请稍后重试，或改用其他方式登录',
    en: 'The text could not be sent; please try again later, or sign in another way.',
  },
  TERMS_NOT_ACCEPTED: {
    zh: '首次使用该手机号将为您注册账户：请先阅读并同意服务条款和隐私政策',
    en: 'This number opens a new account: please read and accept the terms of service and the privacy policy first.',
  },
  PHONE_TAKEN: {
    zh: '该手机号已绑定其他账户',
    en: 'This phone number belongs to another account.',
  },
  IDENTITY_TAKEN: {
    zh: '该微信已用于另一个账户的登录',
    en: 'This WeChat account already signs in to another account.',
  },
  LAST_SIGN_IN_METHOD: {
    zh: '这是您登录账户的唯一方式，解除前请先绑定手机号或设置密码',
    en: 'This is the only way you sign in: bind a mobile number or set a password before removing it.',
  },
  WECHAT_AUTH_REQUIRED: {
    zh: '在微信内支付需要先授权获取您的微信身份',
    en: 'Paying inside WeChat needs your WeChat identity first.',
  },
  ACCOUNT_HAS_OPEN_PAYMENTS: {
    zh: '您有待支付的订单或仍会自动续费的订阅：请先取消订单、取消订阅，再注销账户。',
    en: 'You have an order awaiting payment or a subscription that still renews: cancel them first, then delete the account.',
  },
  FAVOURITES_FULL: {
    zh: '收藏已达 500 个上限，请先取消一些收藏。',
    en: 'You have starred 500 solutions, the most there can be: unstar some first.',
  },
  NO_ACTIVE_SUBSCRIPTION: { zh: '当前没有可取消的订阅', en: 'You have no active subscription to cancel.' },
  PAYMENT_REQUIRED_FOR_VIEW: { zh: '阅读此方案需要付费', en: 'Reading this solution requires payment.' },
  PAID_USER_DAILY_LIMIT_REACHED: {
    zh: '今日可查看的方案数已达上限',
    en: "You have reached today's limit of solutions to view.",
  },
  INVALID_EXCHANGE_CODE: {
    zh: '登录凭证无效或已过期，请重新登录',
    en: 'The sign-in code is invalid or has expired.',
  },
};
