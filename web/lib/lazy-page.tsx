import { use, type ComponentType } from "react";

export interface LazyPage {
  (): React.JSX.Element;
  preload(): Promise<void>;
}

/**
 * A route component loaded on demand. Unlike React.lazy it can be loaded *before* rendering:
 * the server preloads every page before pre-rendering and the browser preloads the current one
 * before hydrating, so the first render never suspends and matches the HTML it takes over.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      Loaded = component;
    }));
  function Page() {
    if (!Loaded) use(preload());
    const Component = Loaded as ComponentType;
    return <Component />;
  }
  Page.preload = preload;
  return Page;
}
