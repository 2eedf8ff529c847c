# label: same-values
# flax-error: none
# class: 4 ChurnWarningService.scorer.apply_fn is functools.partial(model.apply, variables); the scan body passes ctx.dropout_key from the per-request context
"""Customer churn early-warning service: Monte Carlo dropout estimate per request.

Each request carries a RequestContext with its own dropout key; the service runs
a fixed number of stochastic passes over the account features and reports the
per-pass churn probabilities so the caller can build an interval.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ChurnNet(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, features, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(features))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return jax.nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


@dataclasses.dataclass
class RequestContext:
    request_id: str
    account_id: int
    dropout_key: jax.Array
    mc_passes: int = 8


class MCDropoutScorer:
    def __init__(self, model, variables):
        self.apply_fn = functools.partial(model.apply, variables, deterministic=False)


class ChurnWarningService:
    def __init__(self, model, variables):
        self.scorer = MCDropoutScorer(model, variables)

    def handle(self, ctx: RequestContext, features):
        def one_pass(carry, _):
            probability = self.scorer.apply_fn(features, rngs={"dropout": ctx.dropout_key})
            return carry, probability

        _, probabilities = scan(one_pass, None, None, length=ctx.mc_passes)
        return probabilities


def main():
    model = ChurnNet()
    features = jax.random.normal(jax.random.key(0), (12,))
    variables = model.init(jax.random.key(1), features)
    service = ChurnWarningService(model, variables)
    ctx = RequestContext("req-4411", account_id=90210, dropout_key=jax.random.key(3))
    return service.handle(ctx, features)
