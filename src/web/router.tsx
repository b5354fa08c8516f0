import { lazy } from "react";
import { Route, Routes } from "react-router";
import { AppShell } from "./app-shell.tsx";
import { paths } from "./lib/paths.ts";

// Screens load on demand so that the first paint of / stays small (DESIGN §9).
const Home = lazy(() => import("./routes/home.tsx"));
const Register = lazy(() => import("./routes/register.tsx"));
const VerifyEmail = lazy(() => import("./routes/verify-email.tsx"));
const ForgotPassword = lazy(() => import("./routes/forgot-password.tsx"));
const ResetPassword = lazy(() => import("./routes/reset-password.tsx"));
const Privacy = lazy(() => import("./routes/privacy.tsx"));
const EventPage = lazy(() => import("./routes/event.tsx"));
const Confirmation = lazy(() => import("./routes/confirmation.tsx"));
const YourEvents = lazy(() => import("./routes/your-events.tsx"));
const Profile = lazy(() => import("./routes/profile.tsx"));
const CreateEvent = lazy(() => import("./routes/create-event.tsx"));
const NotFound = lazy(() => import("./routes/not-found.tsx"));

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
