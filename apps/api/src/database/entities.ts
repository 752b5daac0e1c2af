import { EmailCode } from '../modules/auth/entities/email-code.entity';
import { EmailChange } from '../modules/auth/entities/email-change.entity';
import { Identity } from '../modules/auth/entities/identity.entity';
import { PasswordReset } from '../modules/auth/entities/password-reset.entity';
import { RefreshToken } from '../modules/auth/entities/refresh-token.entity';
import { Session } from '../modules/auth/entities/session.entity';
import { Consent } from '../modules/auth/entities/consent.entity';
import { SmsCode } from '../modules/auth/entities/sms-code.entity';
import { User } from '../modules/auth/entities/user.entity';
import { VipApplication } from '../modules/auth/entities/vip-application.entity';
import { Solution } from '../modules/solutions/entities/solution.entity';
import { SolutionSearch } from '../modules/solutions/entities/solution-search.entity';
import { Favourite } from '../modules/solutions/entities/favourite.entity';
import { ReadingHistory } from '../modules/solutions/entities/reading-history.entity';
import { SearchMiss } from '../modules/solutions/entities/search-miss.entity';
import { AuditEntry } from '../core/audit/audit-entry.entity';
import { WechatOpenid } from '../core/wechat/wechat-openid.entity';
import { Plan } from '../modules/billing/entities/plan.entity';
import { SolutionAccessGrant } from '../modules/billing/entities/solution-access-grant.entity';
import { Order } from '../modules/billing/entities/order.entity';
import { OrderTrade } from '../modules/billing/entities/order-trade.entity';
import { PaymentEvent } from '../modules/billing/entities/payment-event.entity';
import { Refund } from '../modules/billing/entities/refund.entity';
import { InvoiceRequest } from '../modules/billing/entities/invoice-request.entity';
import { Subscription } from '../modules/billing/entities/subscription.entity';
import { Message } from '../modules/notifications/entities/message.entity';
import { MailPreference } from '../modules/notifications/entities/mail-preference.entity';
import { Demand } from '../modules/workshop/entities/demand.entity';
import { DemandStage } from '../modules/workshop/entities/demand-stage.entity';
import { DemandEvent } from '../modules/workshop/entities/demand-event.entity';
import { DemandFile } from '../modules/workshop/entities/demand-file.entity';
import { DemandShare } from '../modules/workshop/entities/demand-share.entity';

/** Every entity of the schema; migrations are generated from this list. */
export const ENTITIES = [
  User,
  EmailCode,
  EmailChange,
  RefreshToken,
  Session,
  Consent,
  SmsCode,
  PasswordReset,
  Identity,
  WechatOpenid,
  VipApplication,
  AuditEntry,
  Solution,
  SolutionSearch,
  Favourite,
  ReadingHistory,
  SearchMiss,
  Plan,
  SolutionAccessGrant,
  Order,
  OrderTrade,
  PaymentEvent,
  Refund,
  InvoiceRequest,
  Subscription,
  Message,
  MailPreference,
  Demand,
  DemandStage,
  DemandEvent,
  DemandFile,
  DemandShare,
];
