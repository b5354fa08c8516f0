import { Route, Routes } from "react-router";
import { AppShell } from "./app-shell.tsx";
import { lazyScreen } from "./lib/lazy-screen.ts";
import { paths } from "./lib/paths.ts";

// Screens load on demand so that the first paint of / stays small (DESIGN §9).
const Home = lazyScreen(() => import("./routes/home.tsx"));
const Register = lazyScreen(() => import("./routes/register.tsx"));
const VerifyEmail = lazyScreen(() => import("./routes/verify-email.tsx"));
const ForgotPassword = lazyScreen(() => import("./routes/forgot-password.tsx"));
const ResetPassword = lazyScreen(() => import("./routes/reset-password.tsx"));
const Privacy = lazyScreen(() => import("./routes/privacy.tsx"));
const EventPage = lazyScreen(() => import("./routes/event.tsx"));
const Confirmation = lazyScreen(() => import("./routes/confirmation.tsx"));
const YourEvents = lazyScreen(() => import("./routes/your-events.tsx"));
const Profile = lazyScreen(() => import("./routes/profile.tsx"));
const CreateEvent = lazyScreen(() => import("./routes/create-event.tsx"));
const NotFound = lazyScreen(() => import("./routes/not-found.tsx"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route path={paths.home} element={<Home />} />
        <Route path={paths.register} element={<Register />} />
        <Route path={paths.verifyEmail} element={<VerifyEmail />} />
        <Route path={paths.forgotPassword} element={<ForgotPassword />} />
        <Route path={paths.resetPassword} element={<ResetPassword />} />
        <Route path={paths.privacy} element={<Privacy />} />
        <Route path="/event/:id" element={<EventPage />} />
        <Route path={paths.confirmation} element={<Confirmation />} />
        <Route path={paths.yourEvents} element={<YourEvents />} />
        <Route path={paths.profile} element={<Profile />} />
        <Route path={paths.createEvent} element={<CreateEvent />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
