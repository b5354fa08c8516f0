export default function ResetPasswordScreen() {
  return <div className="p-8">reset-password</div>;
}
