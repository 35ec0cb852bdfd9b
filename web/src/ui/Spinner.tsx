/** A spinning ring; decorative, so the text next to it carries the meaning. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** The 'Loading...' placeholder: shown while a page loads or access checks run. */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status">
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}
