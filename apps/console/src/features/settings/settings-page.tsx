import { Fragment, type ReactNode } from 'react';
import { ApiTokensSection } from './api-tokens-section';
import { ApprovalVerificationSection } from './approval-verification-section';
import { ApprovalPoliciesSection } from './approval-policies-section';
import { OwnersSection } from './owners-section';
import { SecondOwnerJoinSection } from './second-owner-join-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { MoneyThresholdSection } from './money-threshold-section';
import { PushDevicesSection } from './push-devices-section';
import { RULES_ANCHOR, RulesSection } from '../sign-offs/rules-section';
import { WebhookEndpointsSection } from './webhook-endpoints-section';
import './settings.css';

/**
 * The sections in page order, each with the anchor its link in the section
 * navigation goes to (a phone scrolls past thousands of pixels otherwise).
 * The standing rules keep the anchor they have always had.
 */
const SECTIONS: readonly { id: string; title: string; section: ReactNode }[] = [
  { id: 'webhooks', title: 'Webhooks', section: <WebhookEndpointsSection /> },
  { id: 'email', title: 'Email', section: <EmailPreferencesSection /> },
  { id: 'push', title: 'Push', section: <PushDevicesSection /> },
  { id: 'money-thresholds', title: 'Money thresholds', section: <MoneyThresholdSection /> },
  { id: RULES_ANCHOR, title: 'Standing rules', section: <RulesSection /> },
  {
    id: 'owners',
    title: 'Owners',
    // What was undone when the second owner joined (shown once one has) belongs with the owners.
    section: (
      <>
        <OwnersSection />
        <SecondOwnerJoinSection />
      </>
    ),
  },
  { id: 'approvals', title: 'Approvals required', section: <ApprovalPoliciesSection /> },
  { id: 'api-tokens', title: 'API tokens', section: <ApiTokensSection /> },
  { id: 'verifying', title: 'Verifying approvals', section: <ApprovalVerificationSection /> },
];

/** The owner's settings: where they are told about what happens (webhooks, email, push), the money thresholds that make a request high risk, the workspace's owners and the approvals each operation needs, the API tokens their scripts use, and what a service needs to verify approval tokens. */
export function SettingsPage() {
  return (
    <>
      <h1>Settings</h1>
      <nav aria-label="Settings sections" className="settings-nav">
        <ul>
          {SECTIONS.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map(({ id, section }) =>
        id === RULES_ANCHOR ? (
          // The rules section carries its anchor itself.
          <Fragment key={id}>{section}</Fragment>
        ) : (
          <div key={id} id={id} className="settings-anchor">
            {section}
          </div>
        ),
      )}
    </>
  );
}
