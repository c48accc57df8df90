import { NOTIFICATION_TYPE_INFO, type NotificationPreference } from "@atelier/contract";
import { Bell, Lock, Mail } from "lucide-react";
import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useNotificationPreferences } from "../api/get-notification-preferences";
import { useUpdateNotificationPreferences } from "../api/update-notification-preferences";

type Channel = "email" | "in_app";

const CHANNELS: { key: Channel; label: string; short: string; aria: string; icon: typeof Mail }[] = [
  { key: "email", label: "E-mail", short: "Mail", aria: "by e-mail", icon: Mail },
  { key: "in_app", label: "In the app", short: "App", aria: "in the app", icon: Bell },
];

const GRID = "grid grid-cols-[1fr_auto_auto] items-center gap-x-4 sm:gap-x-10";

function PreferenceRow({ pref, onChange }: { pref: NotificationPreference; onChange: (next: NotificationPreference) => void }) {
  const info = NOTIFICATION_TYPE_INFO[pref.type];
  return (
    <li className={`${GRID} py-4`} data-testid={`preference-${pref.type}`}>
      <div className="min-w-0">
        <p className="font-medium">{info.label}</p>
        <p className="text-sm text-muted">{info.description}</p>
      </div>
      {CHANNELS.map((c) => (
        <div key={c.key} className="flex w-12 justify-center sm:w-20">
          <Switch
            checked={pref[c.key]}
            onCheckedChange={(checked) => onChange({ ...pref, [c.key]: checked })}
            aria-label={`${info.label} ${c.aria}`}
          />
        </div>
      ))}
    </li>
  );
}

/** Settings: which notices arrive by e-mail and in the app, per type; the password-reset e-mail always goes. */
export function SettingsScreen() {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const [status, setStatus] = useState("");

  function change(next: NotificationPreference) {
    setStatus("");
    update.mutate([next], {
      onSuccess: () => setStatus(`${NOTIFICATION_TYPE_INFO[next.type].label}: saved.`),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(err, "Failed to save your preferences. Please try again."),
        }),
    });
  }

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="eyebrow">Your atelier</p>
        <h1 className="text-4xl sm:text-5xl">Settings</h1>
        <p className="max-w-xl text-muted">Choose how we keep you informed about your pieces.</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>
            Each kind of news can reach you by e-mail, in the app (the bell and your notifications page), both or neither. Every e-mail also
            carries a link to turn its kind off.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className={`${GRID} border-b border-border pb-2 text-xs font-medium uppercase tracking-[0.12em] text-muted`} aria-hidden>
            <span>Notice</span>
            {CHANNELS.map(({ key, label, short, icon: Icon }) => (
              <span key={key} className="flex w-12 flex-col items-center gap-1 text-center sm:w-20">
                <Icon className="size-4" />
                <span className="sm:hidden">{short}</span>
                <span className="hidden sm:inline">{label}</span>
              </span>
            ))}
          </div>
          {prefs.isPending ? (
            <ul className="divide-y divide-border" aria-busy="true" aria-label="Loading preferences">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <li key={i} className={`${GRID} py-4`}>
                  <div className="flex flex-col gap-2">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="h-3 w-3/4" />
                  </div>
                  <Skeleton className="mx-auto h-6 w-11 rounded-full sm:mx-4" />
                  <Skeleton className="mx-auto h-6 w-11 rounded-full sm:mx-4" />
                </li>
              ))}
            </ul>
          ) : prefs.isError ? (
            <ErrorState
              className="mt-4"
              message="Failed to load your preferences. Please try again."
              onRetry={() => void prefs.refetch()}
            />
          ) : (
            <ul className="divide-y divide-border">
              {prefs.data.preferences.map((p) => (
                <PreferenceRow key={p.type} pref={p} onChange={change} />
              ))}
              <li className={`${GRID} py-4`}>
                <div className="min-w-0">
                  <p className="font-medium">Password reset and sign-in warnings</p>
                  <p className="text-sm text-muted">
                    Reset links, a warning whenever your password is changed, and warnings about failed sign-ins: sent by
                    e-mail whenever they are needed, to keep your account safe. They cannot be turned off.
                  </p>
                </div>
                <div className="flex w-12 justify-center text-muted sm:w-20">
                  <Lock className="size-4" aria-label="Always sent by e-mail" />
                </div>
                <div className="w-12 sm:w-20" />
              </li>
            </ul>
          )}
          <p role="status" className="sr-only">
            {status}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
