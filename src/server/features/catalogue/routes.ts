import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";

export const catalogueRoutes = new Hono<AppEnv>();
