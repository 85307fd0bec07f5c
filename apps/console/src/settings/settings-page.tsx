import { ApiTokensSection } from './api-tokens-section';
import { ApprovalVerificationSection } from './approval-verification-section';
import { ApprovalPoliciesSection } from './approval-policies-section';
import { OwnersSection } from './owners-section';
import { SecondOwnerJoinSection } from './second-owner-join-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { MoneyThresholdSection } from './money-threshold-section';
import { PushDevicesSection } from './push-devices-section';
import { RulesSection } from '../sign-offs/rules-section';
import { WebhookEndpointsSection } from './webhook-endpoints-section';
import './settings.css';

/** The owner's settings: where they are told about what happens (webhooks, email, push), the money thresholds that make a request high risk, the workspace's owners and the approvals each operation needs, the API tokens their scripts use, and what a service needs to verify approval tokens. */
export function SettingsPage() {
  return (
    <>
      <h1>Settings</h1>
      <WebhookEndpointsSection />
      <EmailPreferencesSection />
      <PushDevicesSection />
      <MoneyThresholdSection />
      <RulesSection />
      <OwnersSection />
      <SecondOwnerJoinSection />
      <ApprovalPoliciesSection />
      <ApiTokensSection />
      <ApprovalVerificationSection />
    </>
  );
}
