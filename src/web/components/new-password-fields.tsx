import { TextField } from "./form.tsx";

/** A new password typed twice (Register, Reset password, Change Password); the caller checks they match. */
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
