import { useEffect, useRef, useState, type FormEvent } from "react";
import type { SeriesView } from "#shared/series.ts";
import { Button, FormMessage } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { ApiError, errorMessage } from "#web/lib/api.ts";
import { useEditSeriesRegulars } from "#web/features/series/api.ts";
import { REGULARS_FIELDS, type RegularsDraft, regularsDraftOf, type RegularsErrors, regularsErrorsOfServer, regularsInput } from "#web/features/series/regulars-draft.ts";
import { regularsText } from "#web/features/series/series-text.ts";
import { RegularsFields } from "./regulars-fields.tsx";

/**
 * The series' page's "Regulars first": the rule in words (or Off), and for a series still running,
 * Edit: the create form's fields (RegularsFields) with Save and Cancel. The server checks the rule
 * with the shared schema and its 400 names each field, whose message is said under it (the first
 * such field gets the focus). Saved, the games not open yet take the rule (docs/series.md); the
 * notice says so, in a status region that is on the page before it speaks.
 */
export function RegularsSection({ series }: { series: SeriesView }) {
  const save = useEditSeriesRegulars(series.id);
  const [draft, setDraft] = useState<RegularsDraft | null>(null);
  const [errors, setErrors] = useState<RegularsErrors>({});
  const [problem, setProblem] = useState("");
  const [notice, setNotice] = useState("");
  const editButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  /** Where the focus goes once the form has opened or closed: its first field, or back to Edit. */
  const focusNext = useRef<"form" | "edit" | null>(null);

  useEffect(() => {
    if (focusNext.current === "form") form.current?.querySelector<HTMLInputElement>("input")?.focus();
    if (focusNext.current === "edit") editButton.current?.focus();
    focusNext.current = null;
  }, [draft]);

  useEffect(() => {
    const first = REGULARS_FIELDS.find((field) => errors[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[data-repeat-field="${first}"]`)?.focus();
  }, [errors]);

  const open = () => {
    setDraft(regularsDraftOf(series.regulars));
    setErrors({});
    setProblem("");
    setNotice("");
    focusNext.current = "form";
  };
  const close = () => {
    setDraft(null);
    focusNext.current = "edit";
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || save.isPending) return;
    setErrors({});
    setProblem("");
    try {
      await save.mutateAsync(regularsInput(draft));
      setNotice(t("admin.series.regularsSaved"));
      close();
    } catch (caught) {
      const fields = caught instanceof ApiError ? regularsErrorsOfServer(caught.fields) : {};
      setProblem(errorMessage(caught));
      setErrors(fields);
      // The button was disabled while saving, which let the focus go: back to it unless a field takes it.
      if (Object.keys(fields).length === 0) requestAnimationFrame(() => saveButton.current?.focus());
    }
  };

  return (
    <section aria-labelledby="series-regulars" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="series-regulars" className="text-lg font-bold text-slate-800">
        {t("admin.series.regularsFirst")}
      </h2>
      {/* Empty, it takes back the section's gap above it. */}
      <div role="status" aria-live="polite" className="empty:-mt-3">
        {notice ? <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">{notice}</p> : null}
      </div>
      {draft ? (
        <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">{t("admin.series.regularsEditHint")}</p>
          <RegularsFields
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              // What was said is about what was sent: it goes once the fields change.
              if (Object.keys(errors).length > 0) setErrors({});
              setProblem("");
            }}
            errors={errors}
          />
          <FormMessage kind="error">{problem}</FormMessage>
          <div className="flex flex-wrap gap-2">
            <Button ref={saveButton} type="submit" className="min-h-11" disabled={save.isPending}>
              {save.isPending ? t("admin.edit.busy") : t("admin.series.regularsSave")}
            </Button>
            <Button variant="secondary" className="min-h-11" onClick={close} disabled={save.isPending}>
              {t("admin.series.regularsCancel")}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="text-sm text-slate-900">{series.regulars ? regularsText(series) : t("admin.series.regularsOff")}</p>
          {series.status === "active" && (
            <Button ref={editButton} variant="secondary" className="min-h-11 w-fit" onClick={open}>
              {t("admin.series.regularsEdit")}
              <span className="sr-only"> {t("admin.series.regularsEditWhat")}</span>
            </Button>
          )}
        </>
      )}
    </section>
  );
}
