export default function ForgotPasswordScreen() {
  return <div className="p-8">forgot-password</div>;
}
