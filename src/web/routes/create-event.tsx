export default function CreateEventScreen() {
  return <div className="p-8">create-event</div>;
}
