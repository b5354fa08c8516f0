export default function NotFoundScreen() {
  return <div className="p-8">not-found</div>;
}
