/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Written by the build-info plugin in vite.config.ts; "dev" under the dev server. */
  readonly VITE_BUILD_ID?: string;
  /** Tag manager container id; nothing third-party loads without it. */
  readonly VITE_TAG_MANAGER_ID?: string;
  /** Comma-separated host patterns added to the shared defaults in contracts/hosts.ts. */
  readonly VITE_ENTRY_ALLOWED_HOSTS?: string;
  readonly VITE_REDIRECT_ALLOWED_HOSTS?: string;
  readonly VITE_LOG_LEVEL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
