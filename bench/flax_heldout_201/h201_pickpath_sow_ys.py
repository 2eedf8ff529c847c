# label: ok
# flax-error: none
# class: 4 PickPathEvaluator.evaluate -> self.session (InspectionSession) -> .model/.params applied in the scan body, sown attention returned as ys
"""Warehouse pick-path ranking with attention inspection.

A route scorer attends over the bin slots an order visits. For audits, the
evaluator keeps an inspection session; each scoring step applies the model with
`mutable=['intermediates']` and hands the sown attention weights out of the scan as
per-order outputs.
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
        self.model = model
        self.params = variables["params"]
        self.attention = None

    def inspect(self, order):
        cost, sown = self.model.apply({"params": self.params}, order, mutable=["intermediates"])
        return cost, sown["intermediates"]["slot_attention"][0]

    def collect(self):
        return self.attention


class PickPathEvaluator:
    def __init__(self, session):
        self.session = session

    def evaluate(self, wave):
        def score(total, order):
            cost, attn = self.session.inspect(order)
            return total + cost, (cost, attn)

        total, (costs, attention) = jax.lax.scan(score, jnp.zeros(()), wave)
        self.session.attention = attention
        return total, costs


def main():
    model = RouteScorer()
    wave = jax.random.uniform(jax.random.PRNGKey(1), (5, N_SLOTS, 3))
    variables = model.init(jax.random.PRNGKey(0), wave[0])
    evaluator = PickPathEvaluator(InspectionSession(model, {"params": variables["params"]}))
    total, costs = evaluator.evaluate(wave)
    attention = evaluator.session.collect()
    jax.block_until_ready((costs, attention.max(axis=-1)))
    return None
