# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat(DutyBlock) wrapper created in RosterScorer's compact __call__; the scan body calls the rematerialized block
"""Airline crew rostering: scores a sequence of duty periods for fatigue risk,
with the recurrent block rematerialized to keep long rosters within memory."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DutyBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, duty):
        z = nn.Dense(self.width)(jnp.concatenate([h, duty], axis=-1))
        return nn.tanh(z)


class RosterScorer(nn.Module):
    width: int = 12

    @nn.compact
    def __call__(self, duties):  # [periods, crew, features]
        block = nn.remat(DutyBlock)(self.width)
        risk = nn.Dense(1)
        h0 = jnp.zeros((duties.shape[1], self.width))
        if self.is_initializing():
            risk(block(h0, duties[0]))

        def body(h, duty):
            h = block(h, duty)
            return h, jax.nn.sigmoid(risk(h)[..., 0])

        _, fatigue = scan(body, h0, duties)
        return fatigue


class RosterReview:
    def __init__(self, scorer, params, limit=0.7):
        self.scorer, self.params, self.limit = scorer, params, limit

    def flagged_crew(self, duties):
        fatigue = self.scorer.apply({"params": self.params}, duties)
        return jnp.any(fatigue > self.limit, axis=0)


def main():
    duties = jax.random.uniform(jax.random.key(12), (14, 4, 5))  # 14 duty periods, 4 crew
    scorer = RosterScorer()
    params = scorer.init(jax.random.key(13), duties)["params"]
    review = RosterReview(scorer, params)
    print(review.flagged_crew(duties))
    return None
