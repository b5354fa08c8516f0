export default function PrivacyScreen() {
  return <div className="p-8">privacy</div>;
}
