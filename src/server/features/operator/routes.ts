import { Hono } from "hono";
import type { SignedInEnv } from "../../auth/require-user.ts";
import { operatorBookingRoutes } from "./bookings-routes.ts";
import { catalogueEditorRoutes } from "./catalogue-routes.ts";
import { dispatchRoutes } from "./dispatch-routes.ts";
import { requireStaff } from "./guard.ts";
import { idReviewRoutes } from "./id-review-routes.ts";
import { insightsRoutes } from "./insights-routes.ts";
import { operativeRoutes } from "./operatives-routes.ts";
import { operatorPaymentRoutes } from "./payments-routes.ts";
import { staffRoutes } from "./staff-routes.ts";

// The operator console's API (ADR 070), all under /api/admin: every route is behind the staff
// guard (401 signed out, 403 customers); role grants and the staff policy are admins only. One
// file of routes per area, beside that area's service.

export const operatorRoutes = new Hono<SignedInEnv>()
  .use("*", requireStaff())
  .route("/", operatorBookingRoutes)
  .route("/", operativeRoutes)
  .route("/", idReviewRoutes)
  .route("/", catalogueEditorRoutes)
  .route("/", staffRoutes)
  .route("/", operatorPaymentRoutes)
  .route("/", dispatchRoutes)
  .route("/", insightsRoutes);
