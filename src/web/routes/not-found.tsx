import { NotFoundMessage } from "../components/not-found-message.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";

export default function NotFoundScreen() {
  useDocumentTitle("Page not found");
  return (
    <NotFoundMessage
      title="Page not found"
      text="The page you are looking for does not exist or has moved. Check the address, or head back to the games."
    />
  );
}
