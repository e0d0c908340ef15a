import { Component, type ErrorInfo, type ReactNode } from "react";

interface State {
  failed: boolean;
}

/** Replaces the whole app when a render error escapes, as the reference site does (docs/product.md, section 9), and logs it. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Uncaught render error", error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <main className="flex min-h-screen items-center justify-center p-6 text-center">
          <h1 className="text-2xl font-semibold text-slate-900">Something went wrong. Please try again later.</h1>
        </main>
      );
    }
    return this.props.children;
  }
}
