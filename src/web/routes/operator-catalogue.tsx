import { CatalogueEditor } from "../features/operator/catalogue-editor.tsx";

export default function OperatorCatalogue() {
  return <CatalogueEditor />;
}
