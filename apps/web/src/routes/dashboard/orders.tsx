import { OrdersScreen } from "@/features/orders/components/orders-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function OrdersPage() {
  useDocumentTitle("Orders");
  return <OrdersScreen />;
}
