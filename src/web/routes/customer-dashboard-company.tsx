import { CompanyPage } from "../features/companies/company-page.tsx";

export default function CustomerDashboardCompany() {
  return <CompanyPage />;
}
