# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "drift" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a DriftMonitor in the ScoringLoop's callback list applies the model with update_stats=True from the fori_loop body
"""Batch credit-limit scoring with drift-monitoring callbacks (EMA of the score inputs)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LimitScorer(nn.Module):
    n_features: int = 6
    momentum: float = 0.98

    @nn.compact
    def __call__(self, x, update_stats: bool = False):
        ema = self.variable("drift", "mean", jnp.zeros, (self.n_features,))
        if update_stats:
            ema.value = self.momentum * ema.value + (1 - self.momentum) * jnp.mean(x, axis=0)
        z = nn.Dense(8)(x - ema.value)
        return nn.sigmoid(nn.Dense(1)(nn.relu(z)))[:, 0]


class Callback:
    def on_batch(self, step, batch):
        pass


class DriftMonitor(Callback):
    def __init__(self, apply_fn, variables):
        self.apply_fn = apply_fn
        self.variables = variables

    def on_batch(self, step, batch):
        self.apply_fn(self.variables, batch, update_stats=True)


class ScoringLoop:
    def __init__(self, apply_fn, variables, callbacks=()):
        self.apply_fn = apply_fn
        self.variables = variables
        self.callbacks = list(callbacks)

    def score_all(self, batches):
        def body(i, limits):
            batch = batches[i]
            for cb in self.callbacks:
                cb.on_batch(i, batch)
            scores = self.apply_fn(self.variables, batch)
            return limits.at[i].set(jnp.round(20_000 * scores, -2))

        init = jnp.zeros(batches.shape[:2])
        return jax.lax.fori_loop(0, batches.shape[0], body, init)


def main():
    batches = jax.random.normal(jax.random.key(0), (5, 16, 6))
    model = LimitScorer()
    variables = model.init(jax.random.key(1), batches[0])
    loop = ScoringLoop(model.apply, variables, callbacks=[DriftMonitor(model.apply, variables)])
    loop.score_all(batches)
    return None
