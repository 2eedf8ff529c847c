# label: same-values
# flax-error: none
# class: 3 ChurnUncertainty.dropout_key is drawn once from the nnx.Rngs "mc" stream in __init__; the while_loop body builds nnx.Rngs(dropout=self.dropout_key) for every pass
"""Customer churn early warning: Monte Carlo dropout within a latency budget.

The estimator keeps sampling stochastic passes of the churn scorer while the
request's pass budget (derived from its latency SLA) lasts and returns the passes.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ChurnScorer(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.35)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = self.drop(nnx.relu(self.body(x)), rngs=rngs)
        return jax.nn.sigmoid(self.head(h)).squeeze(-1)


class ChurnUncertainty:
    def __init__(self, model: ChurnScorer, rngs: nnx.Rngs, max_passes=8):
        self.model = model
        self.dropout_key = rngs.mc()
        self.max_passes = max_passes

    def estimate(self, account, budget):
        def within_budget(state):
            i, passes, spent = state
            return (i < self.max_passes) & (spent < budget)

        def one_pass(state):
            i, passes, spent = state
            p = self.model(account, rngs=nnx.Rngs(dropout=self.dropout_key))
            return i + 1, passes.at[i].set(p), spent + 1.5  # ms per pass

        start = (0, jnp.zeros(self.max_passes), jnp.zeros(()))
        _, passes, _ = lax.while_loop(within_budget, one_pass, start)
        return passes


def main():
    account = jax.random.normal(jax.random.key(0), (14,))
    model = ChurnScorer(14, nnx.Rngs(params=1))
    estimator = ChurnUncertainty(model, nnx.Rngs(mc=5), max_passes=8)
    return estimator.estimate(account, budget=50.0)
