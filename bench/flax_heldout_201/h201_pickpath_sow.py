# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 PickPathEvaluator.evaluate -> self.session (InspectionSession) -> .bound (model.bind(..., mutable=['intermediates'])) called in the scan body
"""Warehouse pick-path ranking with attention inspection.

A route scorer attends over the bin slots an order visits. For audits, the
evaluator keeps an inspection session whose bound model sows the slot attention
weights; after scoring a wave of orders it collects what was sown.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

N_SLOTS = 6


class RouteScorer(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, order):
        keys = nn.Dense(self.dim, name="slot_keys")(order)
        query = self.param("query", nn.initializers.normal(0.5), (self.dim,))
        attn = jax.nn.softmax(keys @ query)
        self.sow("intermediates", "slot_attention", attn)
        pooled = attn @ order
        return nn.Dense(1, name="cost")(pooled)[0]


class InspectionSession:
    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["intermediates"])

    def collect(self):
        sown = self.bound.variables.get("intermediates", {})
        return jnp.stack(sown["slot_attention"])


class PickPathEvaluator:
    def __init__(self, session):
        self.session = session

    def evaluate(self, wave):
        def score(total, order):
            cost = self.session.bound(order)
            return total + cost, cost

        return jax.lax.scan(score, jnp.zeros(()), wave)


def main():
    model = RouteScorer()
    wave = jax.random.uniform(jax.random.PRNGKey(1), (5, N_SLOTS, 3))
    variables = model.init(jax.random.PRNGKey(0), wave[0])
    evaluator = PickPathEvaluator(InspectionSession(model, {"params": variables["params"]}))
    total, costs = evaluator.evaluate(wave)
    attention = evaluator.session.collect()
    jax.block_until_ready((costs, attention.max(axis=-1)))
    return None
