import { describe, expect, it } from "vitest";
import { customerNameText, deletedCustomerName } from "./customer-names.ts";

describe("a deleted customer's name on screens", () => {
  it("is worded in the reader's language; a real name stays as written", () => {
    expect(customerNameText(deletedCustomerName, "sv")).toBe("Raderad kund");
    expect(customerNameText(deletedCustomerName, "en")).toBe("Deleted customer");
    expect(customerNameText("Anna Berg", "sv")).toBe("Anna Berg");
  });
});
