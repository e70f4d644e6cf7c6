"""Reads of payments for the pages and the API: one invoice's attempts, a customer's latest
payments, a subscription's refundable payment and dunning state (``payment_reads``), and the
customers list's payment totals (``customer_payments``: here, not in customers, because the
customers context sits below payments and may not read payment rows).
"""
