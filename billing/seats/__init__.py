"""Seats: members added to and removed from an organization's seat subscription.

Owns the seat changes (``models.SeatChange``: each add and remove, its idempotency key and,
for a removal, when it stops counting), the seat endpoints' services (``seats``: add and
remove; ``seat_usage``: the usage read), what a seat change costs (``seat_billing``: the
proration rule and the no-refund rule), who holds the seats (``holders``) and the due-work
step that applies pending removals at their period's end (``removals``).

Organizations themselves (membership on the customer row) are the customers context's; the
seat count the billing run bills in advance and MRR counts is ``subscriptions/seat_counts.py``,
the one seat piece outside this context: the billing run and MRR sit below seats and may not
call it. Both read the organization, so a seat added or removed here is what the next period
bills.

May call: invoicing and below (invoicing to issue the seat invoice, subscriptions for the
seat subscription and the member's credit grants, customers for members and organizations,
catalog for the price). Payments collect the seat invoices in their own due-work step.
"""
