import type { IslandProps } from './messages';
import { Sessions } from './Sessions';
import { TwoFactor } from './TwoFactor';

/** /profile/security: password, two-factor sign-in and the signed-in devices. */
export function Security(props: IslandProps) {
  return (
    <div className="stack">
      {/* The change-password form (src/islands/profile/ChangePassword.tsx, built on the "mail"
          branch) goes here, first: <ChangePassword {...props} /> — wired by the integrator. */}
      <TwoFactor {...props} />
      <Sessions {...props} />
    </div>
  );
}
