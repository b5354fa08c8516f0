export default function RegisterScreen() {
  return <div className="p-8">register</div>;
}
