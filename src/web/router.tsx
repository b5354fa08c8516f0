import { Route, Routes } from "react-router";
import { AppShell } from "./app-shell.tsx";
import { lazyScreen } from "./lib/lazy-screen.ts";
import { paths } from "./lib/paths.ts";
import { screenLoaders } from "./screens.ts";

const Home = lazyScreen(screenLoaders.home);
const Register = lazyScreen(screenLoaders.register);
const VerifyEmail = lazyScreen(screenLoaders.verifyEmail);
const ForgotPassword = lazyScreen(screenLoaders.forgotPassword);
const ResetPassword = lazyScreen(screenLoaders.resetPassword);
const Privacy = lazyScreen(screenLoaders.privacy);
const EventPage = lazyScreen(screenLoaders.event);
const CheckIn = lazyScreen(screenLoaders.checkIn);
const Teams = lazyScreen(screenLoaders.teams);
const Confirmation = lazyScreen(screenLoaders.confirmation);
const YourEvents = lazyScreen(screenLoaders.yourEvents);
const Profile = lazyScreen(screenLoaders.profile);
const CreateEvent = lazyScreen(screenLoaders.createEvent);
const EditEvent = lazyScreen(screenLoaders.editEvent);
const Console = lazyScreen(screenLoaders.console);
const ConsoleEvent = lazyScreen(screenLoaders.consoleEvent);
const NotFound = lazyScreen(screenLoaders.notFound);

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
        <Route path="/event/:id/check-in" element={<CheckIn />} />
        <Route path="/event/:id/teams" element={<Teams />} />
        <Route path={paths.confirmation} element={<Confirmation />} />
        <Route path={paths.yourEvents} element={<YourEvents />} />
        <Route path={paths.profile} element={<Profile />} />
        <Route path={paths.createEvent} element={<CreateEvent />} />
        <Route path="/admin/event/:id/edit" element={<EditEvent />} />
        {/* The console's screen also shows the weekly series under it (/console/series/…, routes/console.tsx). */}
        <Route path={`${paths.console}/*`} element={<Console />} />
        <Route path="/console/events/:id" element={<ConsoleEvent />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
