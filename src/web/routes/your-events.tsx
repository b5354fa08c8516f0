export default function YourEventsScreen() {
  return <div className="p-8">your-events</div>;
}
