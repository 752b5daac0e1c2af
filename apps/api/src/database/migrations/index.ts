import type { MigrationInterface } from 'typeorm';
import { Initial1795324473673 } from './1795324473673-Initial';
import { SolutionLibrary1795327455136 } from './1795327455136-SolutionLibrary';
import { PlansAndViewGrants1795328206308 } from './1795328206308-PlansAndViewGrants';
import { PaymentsAndSubscriptions1795332493698 } from './1795332493698-PaymentsAndSubscriptions';
import { Messages1795335645280 } from './1795335645280-Messages';
import { Workshop1795341819821 } from './1795341819821-Workshop';
import { LatinTrigramsAndSignatures1795372800000 } from './1795372800000-LatinTrigramsAndSignatures';
import { TokenVersion1795458822115 } from './1795458822115-TokenVersion';
import { StagePaidModules1795463374433 } from './1795463374433-StagePaidModules';
import { VipPlanStartups1795464849598 } from './1795464849598-VipPlanStartups';
import { Refunds1795468099090 } from './1795468099090-Refunds';
import { ProgressKeys1795503047987 } from './1795503047987-ProgressKeys';
import { PurchaseSubject1795540000000 } from './1795540000000-PurchaseSubject';
import { VipApplications1795540100000 } from './1795540100000-VipApplications';
import { InvoiceRequests1795540200000 } from './1795540200000-InvoiceRequests';
import { DemandOutputLanguage1795540300000 } from './1795540300000-DemandOutputLanguage';
import { StageFeeRefunded1795540400000 } from './1795540400000-StageFeeRefunded';
import { InvoiceReversals1795540500000 } from './1795540500000-InvoiceReversals';
import { PlanEntitlements1795540600000 } from './1795540600000-PlanEntitlements';
import { OrderMethod1795540700000 } from './1795540700000-OrderMethod';
import { OrderSubjectContract1795540800000 } from './1795540800000-OrderSubjectContract';
import { Library1795540900000 } from './1795540900000-Library';
import { AccountLifecycle1795541000000 } from './1795541000000-AccountLifecycle';
import { TermsAcceptance1795541100000 } from './1795541100000-TermsAcceptance';
import { MailPreferences1795541200000 } from './1795541200000-MailPreferences';
import { SessionDevices1795541300000 } from './1795541300000-SessionDevices';
import { SolutionIndustry1795541400000 } from './1795541400000-SolutionIndustry';
import { PlanChanges1795541500000 } from './1795541500000-PlanChanges';
import { PersonalInvoices1795541600000 } from './1795541600000-PersonalInvoices';
import { LatePayments1795541700000 } from './1795541700000-LatePayments';
import { Sessions1795541800000 } from './1795541800000-Sessions';
import { Consents1795541900000 } from './1795541900000-Consents';
import { PhoneAccounts1795542000000 } from './1795542000000-PhoneAccounts';
import { WechatOpenids1795542100000 } from './1795542100000-WechatOpenids';
import { OrderTrades1795542200000 } from './1795542200000-OrderTrades';
import { SearchMisses1795542300000 } from './1795542300000-SearchMisses';
import { DemandQuestions1795542400000 } from './1795542400000-DemandQuestions';
import { DemandShares1795542500000 } from './1795542500000-DemandShares';

/** Every migration, oldest first. Never edit one that has been merged: add a new one. */
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  Initial1795324473673,
  SolutionLibrary1795327455136,
  PlansAndViewGrants1795328206308,
  PaymentsAndSubscriptions1795332493698,
  Messages1795335645280,
  Workshop1795341819821,
  LatinTrigramsAndSignatures1795372800000,
  TokenVersion1795458822115,
  StagePaidModules1795463374433,
  VipPlanStartups1795464849598,
  Refunds1795468099090,
  ProgressKeys1795503047987,
  PurchaseSubject1795540000000,
  VipApplications1795540100000,
  InvoiceRequests1795540200000,
  DemandOutputLanguage1795540300000,
  StageFeeRefunded1795540400000,
  InvoiceReversals1795540500000,
  PlanEntitlements1795540600000,
  OrderMethod1795540700000,
  OrderSubjectContract1795540800000,
  Library1795540900000,
  AccountLifecycle1795541000000,
  TermsAcceptance1795541100000,
  MailPreferences1795541200000,
  SessionDevices1795541300000,
  SolutionIndustry1795541400000,
  PlanChanges1795541500000,
  PersonalInvoices1795541600000,
  LatePayments1795541700000,
  Sessions1795541800000,
  Consents1795541900000,
  PhoneAccounts1795542000000,
  WechatOpenids1795542100000,
  OrderTrades1795542200000,
  SearchMisses1795542300000,
  DemandQuestions1795542400000,
  DemandShares1795542500000,
];

/**
 * Contract steps and the expand step each completes (docs/operations/releases.md). A contract removes what the previous
 * release still used: `cli migrate` holds it back while its expand step is pending in the same run, so that it
 * lands a release later, and a process never waits for one to be ready.
 */
export const CONTRACTS: Record<string, string> = {
  OrderSubjectContract1795540800000: 'PurchaseSubject1795540000000',
};

/** The contract steps among `pending` whose expand step is pending too. */
export const heldContracts = (pending: string[]): string[] =>
  pending.filter((name) => CONTRACTS[name] && pending.includes(CONTRACTS[name]));
