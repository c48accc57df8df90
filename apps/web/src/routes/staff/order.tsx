import { useParams } from "react-router";
import { CorrectOrderAddress } from "@/features/addresses/components/correct-order-address";
import { cadViewer } from "@/features/cad-viewer";
import { WorkbenchScreen } from "@/features/staff-orders/components/workbench-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function StaffOrderPage() {
  const { orderId = "" } = useParams();
  useDocumentTitle("Staff order");
  return <WorkbenchScreen key={orderId} orderId={orderId} cadMedia={cadViewer.Media} addressAction={CorrectOrderAddress} />;
}
