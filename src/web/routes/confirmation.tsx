export default function ConfirmationScreen() {
  return <div className="p-8">confirmation</div>;
}
