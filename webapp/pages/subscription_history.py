"""A subscription's history in words: every version by stable id, and what each event changed.

Presentation only: ``subscription_reads.load_history`` reads every version (superseded and
ended ones included), their features and the events; this compares each version with the one
before it: plan, price and the set of features with their source. Lifecycle events (pause,
resume, cancel) change no version and read as one line.
"""

from dataclasses import dataclass, field
from datetime import datetime

from billing.subscriptions import subscription_reads
from billing.subscriptions.models import Subscription, SubscriptionFeature
from webapp.pages.price_labels import price_summary

KIND_LABELS = {
    "created": "Subscribed",
    "feature_override": "Features overridden",
    "price_override": "Price overridden",
    "migrated": "Moved to another plan version",
    "plan_migration": "Moved to another plan version",
    "plan_changed": "Plan changed",
    "paused": "Paused",
    "resumed": "Resumed",
    "reactivated": "Reactivated",
    "unpaid": "Marked unpaid",
    "cancelled": "Cancelled",
    "cancel_scheduled": "Set to cancel at period end",
    "cancel_unscheduled": "Cancel at period end undone",
    # Dunning: a renewal's failed charge, the end actions and the payment that undoes them
    # (subscription_lifecycle).
    "past_due": "Payment failed: past due",
    "dunning_paused": "Paused after failed payments",
    "dunning_unpaid": "Marked unpaid after failed payments",
    "payment_recovered": "Payment received: subscription active again",
    # Checkout and trials (payments/checkout.py, subscriptions/trials.py).
    "activated": "First payment received: subscription active",
    "trial_started": "Card saved: trial started",
    "trial_ended": "Trial ended: subscription active",
    "seat_added": "Seat added",
    "seat_removed": "Seat removed",
}


@dataclass
class Entry:
    label: str
    occurred_at: datetime
    status_after: str
    mrr_cents: int
    version_number: int | None
    changes: list[str] = field(default_factory=list)


@dataclass
class History:
    versions: list[Subscription]
    features: dict[str, list[SubscriptionFeature]]  # version id -> its features
    entries: list[Entry]  # newest first


def _plan_label(version: Subscription) -> str:
    return f"{version.plan.plan_name} v{version.plan.version_number}"


def _feature_names(rows: list[SubscriptionFeature]) -> str:
    return ", ".join(row.feature.display_name for row in rows) or "none"


def changes_between(
    before: Subscription | None,
    after: Subscription,
    before_features: list[SubscriptionFeature],
    after_features: list[SubscriptionFeature],
) -> list[str]:
    """What ``after`` changed compared with ``before`` (None: ``after`` is version 1)."""
    if before is None:
        return [
            f"Plan {_plan_label(after)}",
            f"Price {price_summary(after.effective_price)}",
            f"Features from the plan: {_feature_names(after_features)}",
        ]
    changes = []
    if before.plan_id != after.plan_id:
        changes.append(f"Plan {_plan_label(before)} → {_plan_label(after)}")
    if before.effective_price_id != after.effective_price_id:
        changes.append(
            f"Price {price_summary(before.effective_price)} → "
            f"{price_summary(after.effective_price)}"
        )
    old = {row.feature_id: row for row in before_features}
    new = {row.feature_id: row for row in after_features}
    added = [row for key, row in new.items() if key not in old]
    removed = [row for key, row in old.items() if key not in new]
    if added:
        changes.append(f"Features added: {_feature_names(added)}")
    if removed:
        changes.append(f"Features removed: {_feature_names(removed)}")
    sources = {row.source for row in after_features}
    if sources != {row.source for row in before_features} and sources:
        changes.append("Features now come from " + " and ".join(sorted(sources)))
    return changes or ["No change to plan, price or features"]


async def subscription_history(merchant_id: str, stable_id: str) -> History:
    versions, features, events = await subscription_reads.load_history(merchant_id, stable_id)
    by_id = {version.id: version for version in versions}
    previous = {
        version.id: versions[index - 1] if index else None for index, version in enumerate(versions)
    }
    entries = []
    for event in events:
        version = by_id.get(event.subscription_id)
        entry = Entry(
            label=KIND_LABELS.get(event.kind, event.kind.replace("_", " ").capitalize()),
            occurred_at=event.occurred_at,
            status_after=event.status_after,
            mrr_cents=event.mrr_cents,
            version_number=version.version_number if version else None,
        )
        makes_version = event.kind in {
            "created",
            "feature_override",
            "price_override",
            "plan_changed",
        }
        if version is not None and (makes_version or "migrat" in event.kind):
            before = previous[version.id]
            entry.changes = changes_between(
                before,
                version,
                features[before.id] if before else [],
                features[version.id],
            )
        entries.append(entry)
    entries.reverse()
    return History(versions=versions, features=features, entries=entries)
