// The frame of every screen: header, the routed page, footer, toasts; keeps --vh current, scrolls to the top on navigation
// and forgets a stored sign-in the API no longer accepts.
import { Suspense, useEffect, useLayoutEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { useSessionCheck } from "../account/session.ts";
import { Spinner } from "../components/Spinner.tsx";
import { ToastProvider } from "../components/toast/ToastProvider.tsx";
import { Header } from "./Header.tsx";
import { Footer } from "./Footer.tsx";
import styles from "./Shell.module.css";

function useViewportHeightVariable(): void {
  useEffect(() => {
    const update = () => document.documentElement.style.setProperty("--vh", `${window.innerHeight / 100}px`);
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
}

/** SPEC.md §2: every route change briefly fixes the body in place, then scrolls to the top. */
function useScrollToTopOnRouteChange(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const body = document.body;
    body.style.position = "fixed";
    body.style.width = "100%";
    const frame = requestAnimationFrame(() => {
      body.style.position = "";
      body.style.width = "";
      window.scrollTo(0, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      body.style.position = "";
      body.style.width = "";
    };
  }, [pathname]);
}

export function Shell() {
  useViewportHeightVariable();
  useScrollToTopOnRouteChange();
  useSessionCheck();
  return (
    <ToastProvider>
      <div className={styles.shell}>
        <Header />
        <main className={styles.main}>
          <Suspense fallback={<Spinner minHeight={400} />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </ToastProvider>
  );
}
