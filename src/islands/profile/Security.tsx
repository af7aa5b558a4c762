import { ChangeEmail } from './ChangeEmail';
import { ChangePassword } from './ChangePassword';
import { CloseAccount } from './CloseAccount';
import { DataExport } from './DataExport';
import type { IslandProps } from './messages';
import { Sessions } from './Sessions';
import { TwoFactor } from './TwoFactor';

/**
 * /profile/security: email, password, two-factor sign-in, the signed-in devices, the data file and closing the account.
 */
export function Security(props: IslandProps) {
  return (
    <div className="stack">
      <ChangeEmail {...props} />
      <ChangePassword {...props} />
      <TwoFactor {...props} />
      <Sessions {...props} />
      <DataExport {...props} />
      <CloseAccount {...props} />
    </div>
  );
}
