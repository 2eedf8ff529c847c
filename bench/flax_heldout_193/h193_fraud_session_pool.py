# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 FraudService.pool.get(merchant).scorer is model.bind(variables, mutable=["stats"]); the while_loop body calls it and it writes its running statistics
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
        self.scorer = model.bind(variables, mutable=["stats"])


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
            i, _ = carry
            return i < txns.shape[0]

        def score_next(carry):
            i, flagged = carry
            p = session.scorer(txns[i])
            return i + 1, flagged + (p > self.threshold).astype(jnp.int32)

        _, flagged = lax.while_loop(pending, score_next, (0, jnp.zeros((), jnp.int32)))
        stats = session.scorer.variables["stats"]
        return flagged, stats["amount_sum"] / stats["seen"]


def main():
    model = TransactionScorer()
    variables = model.init(jax.random.key(0), jnp.zeros(4))
    service = FraudService(SessionPool(model, variables, ["m-001", "m-002"]))
    txns = jax.random.exponential(jax.random.key(6), (20, 4))
    flagged, mean_amount = service.score_stream("m-001", txns)
    print("flagged", int(flagged), "mean amount", float(mean_amount))
    return None
