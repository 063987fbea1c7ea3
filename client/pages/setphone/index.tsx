import { ComingSoon } from '../../components/coming-soon';

// Replaced once the local UAA's verification flows are in (shared/api/verification-flows.ts).
export default function SetPhonePage() {
  return <ComingSoon />;
}
