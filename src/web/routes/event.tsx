export default function EventScreen() {
  return <div className="p-8">event</div>;
}
