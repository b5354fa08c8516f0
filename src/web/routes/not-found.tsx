import { t } from "#web/i18n/i18n.ts";
import { NotFoundMessage } from "#web/components/not-found-message.tsx";
import { useDocumentTitle } from "#web/lib/use-document-title.ts";

export default function NotFoundScreen() {
  const title = t("shell.notFound.title");
  useDocumentTitle(title);
  return (
    <NotFoundMessage title={title} text={t("shell.notFound.text")} />
  );
}
