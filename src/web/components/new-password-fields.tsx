import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE } from "#shared/password-rule.ts";
import { sharedMessage } from "#web/i18n/shared-message.ts";
import { TextField } from "./form-fields.tsx";

/**
 * A new password typed twice (Register, Reset password, Change Password); the caller checks they match.
 * The rule is stated under the first field before anything is typed; the server enforces it.
 */
export function NewPasswordFields(props: {
  labels: [password: string, confirm: string];
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  mismatch: boolean;
}) {
  const { labels, password, confirm, onPasswordChange, onConfirmChange, mismatch } = props;
  return (
    <>
      <TextField
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={sharedMessage(PASSWORD_RULE)}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
      />
      <TextField
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        aria-invalid={mismatch || undefined}
        onChange={(e) => onConfirmChange(e.target.value)}
      />
    </>
  );
}
