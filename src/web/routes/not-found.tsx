import { t } from "../i18n/i18n.ts";
import { NotFoundMessage } from "../components/not-found-message.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";

export default function NotFoundScreen() {
  const title = t("shell.notFound.title");
  useDocumentTitle(title);
  return (
    <NotFoundMessage title={title} text={t("shell.notFound.text")} />
  );
}
