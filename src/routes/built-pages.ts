/**
 * Whether a route has a page, handed down from the app's root (which owns the page registry), so
 * screens that list routes (the home page) can tell built areas from "not built yet" without
 * importing the registry and, through it, themselves.
 */
import { createContext, useContext } from 'react';
import type { RouteDef } from './define-route';

export const BuiltPages = createContext<(def: RouteDef) => boolean>(() => false);

export const useIsBuilt = () => useContext(BuiltPages);
