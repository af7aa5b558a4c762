/**
 * The body `npm run operator` sends to the running server's control endpoint (operator/routes/control.ts),
 * JSON: `{email, role}` adds a staff account; `{action, email, role?, two_factor?}` runs a staff
 * command (disable, enable, set-role, reset). The email and role are checked by the command's own
 * rule (`checkStaffInput`), so the CLI and the endpoint refuse with the same sentence; the first
 * problem found is the answer's `detail`. An email or role with a control or bidirectional
 * character is not a valid one, so it is refused here too.
 */
import * as v from 'valibot';
import { checkStaffInput, StaffInputError } from '../operator/services/staff.ts';
import { STAFF_COMMANDS, type StaffCommand } from '../operator/services/staff-admin.ts';

/** The answer to a body that is not a JSON object. */
export const CONTROL_JSON_EXPECTED = 'Send {"email", "role"} as JSON.';

export type ControlRequest =
  { kind: 'add-staff'; staff: ReturnType<typeof checkStaffInput> } | { kind: 'command'; command: StaffCommand };

export const controlBody = v.pipe(
  v.custom<Record<string, unknown>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
    CONTROL_JSON_EXPECTED,
  ),
  v.rawTransform(({ dataset, addIssue, NEVER }): ControlRequest => {
    const body = dataset.value;
    // Without an action it is add-staff, whose role is required; a command needs a role only to set it.
    const role = body.action === undefined || body.action === 'set-role' ? body.role : 'support';
    let input: ReturnType<typeof checkStaffInput>;
    try {
      input = checkStaffInput(body.email, role);
    } catch (error) {
      if (!(error instanceof StaffInputError)) throw error;
      addIssue({ message: error.message });
      return NEVER;
    }
    if (body.action === undefined) return { kind: 'add-staff', staff: input };
    const action = STAFF_COMMANDS.find((known) => known === body.action);
    if (!action) {
      addIssue({ message: `Unknown action ${JSON.stringify(body.action)}` });
      return NEVER;
    }
    const command: StaffCommand = {
      action,
      email: input.email,
      ...(action === 'set-role' ? { role: input.role } : {}),
      twoFactor: body.two_factor === true,
    };
    return { kind: 'command', command };
  }),
);
