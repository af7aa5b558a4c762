import { ChangePassword } from './ChangePassword';
import type { IslandProps } from './messages';
import { Sessions } from './Sessions';
import { TwoFactor } from './TwoFactor';

/** /profile/security: password, two-factor sign-in and the signed-in devices. */
export function Security(props: IslandProps) {
  return (
    <div className="stack">
      <ChangePassword {...props} />
      <TwoFactor {...props} />
      <Sessions {...props} />
    </div>
  );
}
