// What Workbox's injectManifest replaces in the service worker's source.
interface WorkerGlobalScope {
  readonly __WB_MANIFEST: ReadonlyArray<{ readonly url: string; readonly revision: string | null }>;
}
