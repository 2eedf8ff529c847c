# label: ok
# flax-error: none
# class: 4 FraudService.pool.get(merchant) holds the model and its variables; the "stats" collection goes through the while_loop carry and is stored on the session after the loop
"""Card-fraud scoring service: one session per merchant keeps running transaction statistics in
a Flax "stats" collection and scores each incoming transaction against them."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class TransactionScorer(nn.Module):
    @nn.compact
    def __call__(self, txn):
        seen = self.variable("stats", "seen", jnp.zeros, ())
        amount_sum = self.variable("stats", "amount_sum", jnp.zeros, ())
        seen.value = seen.value + 1.0
        amount_sum.value = amount_sum.value + txn[0]
        deviation = txn[0] - amount_sum.value / seen.value
        features = jnp.concatenate([txn, deviation[None]])
        return jax.nn.sigmoid(nn.Dense(1)(nn.relu(nn.Dense(8)(features))))[0]


class MerchantSession:
    def __init__(self, merchant_id: str, model, variables):
        self.merchant_id = merchant_id
        self.model = model
        self.variables = variables

    def score(self, stats, txn):
        p, updates = self.model.apply({**self.variables, "stats": stats}, txn, mutable=["stats"])
        return p, updates["stats"]


class SessionPool:
    def __init__(self, model, variables, merchant_ids):
        self._sessions = {m: MerchantSession(m, model, variables) for m in merchant_ids}

    def get(self, merchant_id: str) -> MerchantSession:
        return self._sessions[merchant_id]


class FraudService:
    def __init__(self, pool: SessionPool, threshold: float = 0.7):
        self.pool = pool
        self.threshold = threshold

    def score_stream(self, merchant_id, txns):
        session = self.pool.get(merchant_id)

        def pending(carry):
            i, _, _ = carry
            return i < txns.shape[0]

        def score_next(carry):
            i, flagged, stats = carry
            p, stats = session.score(stats, txns[i])
            return i + 1, flagged + (p > self.threshold).astype(jnp.int32), stats

        init = (0, jnp.zeros((), jnp.int32), session.variables["stats"])
        _, flagged, stats = lax.while_loop(pending, score_next, init)
        session.variables = {**session.variables, "stats": stats}
        return flagged, stats["amount_sum"] / stats["seen"]


def main():
    model = TransactionScorer()
    variables = model.init(jax.random.key(0), jnp.zeros(4))
    service = FraudService(SessionPool(model, variables, ["m-001", "m-002"]))
    txns = jax.random.exponential(jax.random.key(6), (20, 4))
    flagged, mean_amount = service.score_stream("m-001", txns)
    print("flagged", int(flagged), "mean amount", float(mean_amount))
    return None
