import { useParams } from "react-router";
import { OrderAddressStep } from "@/features/addresses/components/order-address-step";
import { cadViewer } from "@/features/cad-viewer";
import { OrderDetailScreen } from "@/features/orders/components/order-detail-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function OrderDetailPage() {
  const { orderId = "" } = useParams();
  useDocumentTitle("Order");
  return <OrderDetailScreen key={orderId} orderId={orderId} cadViewer={cadViewer} addressStep={OrderAddressStep} />;
}
