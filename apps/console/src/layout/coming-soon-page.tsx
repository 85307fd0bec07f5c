/** A page the navigation already names but whose feature has not landed yet. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="muted">Coming soon.</p>
    </>
  );
}
