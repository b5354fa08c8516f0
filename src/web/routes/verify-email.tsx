export default function VerifyEmailScreen() {
  return <div className="p-8">verify-email</div>;
}
