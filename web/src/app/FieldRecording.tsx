// What records in the background for the active survey, on every page: the vehicle trace
// (features/traces) and the alert log (features/alerts). Mounted once by the shell, inside
// the survey provider; renders nothing.
import { AlertMonitoring } from '../features/alerts';
import { useSurvey } from '../features/survey';
import { TraceRecording } from '../features/traces';

export function FieldRecording() {
  const { active } = useSurvey();
  return (
    <>
      <TraceRecording survey={active} />
      <AlertMonitoring survey={active} />
    </>
  );
}
