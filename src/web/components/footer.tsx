import { Link } from "react-router";
import { paths } from "../lib/paths.ts";

export function Footer({ appName }: { appName: string }) {
  return (
    <footer className="mt-12 border-t border-slate-200 py-6 text-center text-sm text-slate-600">
      <p>
        © {new Date().getFullYear()} {appName}. All rights reserved. ·{" "}
        <Link to={paths.privacy} className="underline hover:text-green-800">
          Privacy Policy
        </Link>
      </p>
    </footer>
  );
}
