import { UI_LOCALE } from '@countersign/effect';
import { showInvisibles } from '@countersign/manifest/invisible-characters';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { Timestamp } from '../../shared/ui/timestamp';
import { ApprovalsLine } from './approvals-line';
import { formatTimeLeft, InputHash, isDefined, requesterName } from './sign-off-display';

/** Under a day left the countdown turns amber, under two hours red: the colour repeats what the words say. */
const SOON_MS = 24 * 60 * 60_000;
const URGENT_MS = 2 * 60 * 60_000;

/** The facts an owner weighs, as a description list (each term names its value for assistive technology); the agent's reason is above, as its words (request-detail.tsx). */
export function RequestFacts({ signOff, now }: { signOff: SignOffFieldsFragment; now: number }) {
  return (
    <dl className="facts">
      {signOff.agent ? (
        <div>
          <dt>Agent</dt>
          <dd>{showInvisibles(signOff.agent.name)}</dd>
        </div>
      ) : (
        <div>
          <dt>Proposed by</dt>
          <dd>{requesterName(signOff)}</dd>
        </div>
      )}
      {signOff.approvalsRequired === 2 && (
        <div>
          <dt>Approvals</dt>
          <dd>
            <ApprovalsLine signOff={signOff} />
          </dd>
        </div>
      )}
      <div>
        <dt>Operation</dt>
        <dd>
          <code>{signOff.op}</code>
          {isDefined(signOff) && <> v{signOff.opVersion}</>}
        </dd>
      </div>
      {signOff.repository && (
        <div>
          <dt>Repository</dt>
          <dd>{showInvisibles(signOff.repository.name)}</dd>
        </div>
      )}
      <div>
        <dt>Requested</dt>
        <dd>
          <Timestamp value={signOff.requestedAt} />
        </dd>
      </div>
      {/* Once decided, the window that mattered has closed: when it was decided says more. */}
      {signOff.state !== 'PENDING' && signOff.decidedAt ? (
        <div>
          <dt>Decided</dt>
          <dd>
            <Timestamp value={signOff.decidedAt} />
          </dd>
        </div>
      ) : (
        <div>
          <dt>Expires</dt>
          <dd>
            <TimeLeft until={signOff.expiresAt} now={now} />
          </dd>
        </div>
      )}
      <div>
        <dt>Input hash</dt>
        <dd>
          <InputHash hash={signOff.inputHash} />
        </dd>
      </div>
    </dl>
  );
}

/** The countdown to a request's expiry, the exact time in the tooltip. */
export function TimeLeft({ until, now }: { until: string; now: number }) {
  const left = new Date(until).getTime() - now;
  const urgency = left < URGENT_MS ? 'urgent' : left < SOON_MS ? 'soon' : undefined;
  return (
    <time dateTime={until} title={new Date(until).toLocaleString(UI_LOCALE)} className={urgency && `time-left ${urgency}`}>
      {formatTimeLeft(until, now)}
    </time>
  );
}
