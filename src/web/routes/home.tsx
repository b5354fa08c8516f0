export default function HomeScreen() {
  return <div className="p-8">home</div>;
}
