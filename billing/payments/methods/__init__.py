"""Payment methods: the records of how a customer pays (``POST /v1/payment-methods`` and the
reads and soft delete beside it, ``payment_methods``), and the check of a create's body, field
by field (``payment_method_fields``).
"""
