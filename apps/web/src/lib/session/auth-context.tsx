// Auth context (SPEC 3-5, 8). Interim minimal version: the identity engineer replaces the internals;
// the exported names and the shape of useAuth() are the contract other modules rely on.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { TOKEN_KEY } from '../api-client.ts';

export type AuthState = {
  isAuthenticated: boolean;
  userRole: string | null;
  userId: number | null;
  token: string | null;
  login: (token: string) => void;
  logout: () => void;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));
  const value = useMemo<AuthState>(
    () => ({
      isAuthenticated: !!token,
      userRole: null,
      userId: null,
      token,
      login: (t) => {
        localStorage.setItem(TOKEN_KEY, t);
        setToken(t);
      },
      logout: () => {
        localStorage.removeItem(TOKEN_KEY);
        setToken(null);
      },
    }),
    [token],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth debe usarse dentro de AuthProvider');
  return ctx;
}
