import { Link } from "react-router";
import { paths } from "../lib/paths.ts";

/** What every "not here" screen looks like (an unknown address, a missing event): the heading, why, and the way back to the games. */
export function NotFoundMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-extrabold tracking-tight text-green-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <Link
        to={paths.home}
        className="mt-8 inline-flex items-center justify-center rounded-md bg-green-700 px-5 py-2 font-semibold text-white shadow-sm hover:bg-green-800 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
      >
        Back to Events
      </Link>
    </div>
  );
}
