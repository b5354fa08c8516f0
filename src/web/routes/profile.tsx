export default function ProfileScreen() {
  return <div className="p-8">profile</div>;
}
