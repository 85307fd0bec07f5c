import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Timestamp } from '../../shared/ui/timestamp';
import { ManifestDetail } from './manifest-detail';
import { DigestCell, VerificationBadge } from './registry-display';
import { registryQueries } from './registry-queries';
import { SigningKeysSection } from './signing-keys-section';
import { PageError } from '../../shared/ui/page-error';
import { NextPageButton } from '../../shared/ui/next-page-button';
import { TableHead } from '../../shared/ui/table-head';

/**
 * The manifest registry: every name, its versions with their digests and
 * whether their attestations verify now, one version's exact content, and
 * the signing keys whose signatures count.
 */
export function RegistryPage() {
  return (
    <>
      <h1>Registry</h1>
      <p className="muted">
        Manifests your agents and you published. A name@version never changes once published; a version signed with a key you registered below is verified,
        until you revoke that key.
      </p>
      <ManifestsSection />
      <SigningKeysSection />
    </>
  );
}

function ManifestsSection() {
  const names = useInfiniteQuery(registryQueries.names());
  const [chosenName, setChosenName] = useState<string>();
  const list = names.data?.pages.flatMap((page) => page.nodes) ?? [];
  // The first name is shown until another is chosen; a chosen name stays chosen.
  const name = chosenName !== undefined && list.includes(chosenName) ? chosenName : list[0];
  const namesHeadingId = useId();

  return (
    <section aria-labelledby="manifests-heading" className="card stack registry-section">
      <h2 id="manifests-heading">Manifests</h2>
      {names.isPending ? (
        <p role="status">Loading manifests…</p>
      ) : names.isError ? (
        <PageError what="manifests" error={names.error} onRetry={() => void names.refetch()} retrying={names.isFetching} />
      ) : list.length === 0 ? (
        <p className="muted">
          Nothing published yet. Agents publish with <code>publishManifest</code>.
        </p>
      ) : (
        <div className="registry-layout">
          <div className="manifest-names">
            <h3 id={namesHeadingId} className="subheading">
              Names
            </h3>
            <ul aria-labelledby={namesHeadingId}>
              {list.map((candidate) => (
                <li key={candidate}>
                  <button type="button" className="choice" aria-pressed={candidate === name} onClick={() => setChosenName(candidate)}>
                    {candidate}
                  </button>
                </li>
              ))}
            </ul>
            <NextPageButton query={names} label="More names" />
          </div>
          {name !== undefined && <Versions key={name} name={name} />}
        </div>
      )}
    </section>
  );
}

/** The versions of one name, newest published first, a page at a time, and the chosen one in full below. */
function Versions({ name }: { name: string }) {
  const versions = useInfiniteQuery(registryQueries.versions(name));
  const [chosenVersion, setChosenVersion] = useState<string>();
  const list = versions.data?.pages.flatMap((page) => page.nodes) ?? [];
  // The newest version is shown until another is chosen.
  const version = list.some((row) => row.version === chosenVersion) ? chosenVersion : list[0]?.version;

  return (
    <div className="stack versions">
      {versions.isPending ? (
        <p role="status">Loading versions…</p>
      ) : versions.isError ? (
        <PageError what={`the versions of ${name}`} error={versions.error} onRetry={() => void versions.refetch()} retrying={versions.isFetching} />
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Versions of {name}</caption>
            <TableHead columns={['Version', 'Digest', 'Signature', 'Verification', 'Published']} />
            <tbody>
              {list.map((row) => (
                <tr key={row.version} className={row.version === version ? 'selected' : undefined}>
                  <th scope="row">
                    <button type="button" className="choice" aria-pressed={row.version === version} onClick={() => setChosenVersion(row.version)}>
                      {row.version}
                    </button>
                  </th>
                  <DigestCell digest={row.digest} />
                  <td>{row.signed ? 'Signed' : <span className="muted">Unsigned</span>}</td>
                  <td>
                    <VersionVerification name={name} version={row.version} signed={row.signed} />
                  </td>
                  <td className="nowrap">
                    <Timestamp value={row.publishedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <NextPageButton query={versions} label="Older versions" />
        </div>
      )}
      {version !== undefined && <ManifestDetail key={`${name}@${version}`} name={name} version={version} />}
    </div>
  );
}

function VersionVerification({ name, version, signed }: { name: string; version: string; signed: boolean }) {
  const verified = useQuery(registryQueries.verified(name, version));
  if (verified.isPending) return <span className="muted small">Checking…</span>;
  if (verified.isError) return <span className="error small">Could not check</span>;
  return <VerificationBadge verified={verified.data} signed={signed} />;
}
