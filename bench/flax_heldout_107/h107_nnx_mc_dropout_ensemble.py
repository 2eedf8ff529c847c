# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls ensemble.members[i], whose Dropout layer draws from the Rngs stored inside each member
"""Monte-Carlo dropout over a small deep ensemble: each of several passes calls every
member in training mode inside a raw jax.lax.scan, and the per-pass predictions are
stacked to estimate predictive uncertainty. Each member's Dropout keeps its own Rngs."""
import jax
import jax.numpy as jnp
from flax import nnx

N_PASSES = 6


class Member(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(4, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.out(self.drop(nnx.relu(self.hidden(x)), rngs=rngs))


class Ensemble(nnx.Module):
    def __init__(self, n, seed):
        self.members = nnx.List([Member(nnx.Rngs(params=seed + i, dropout=100 + i)) for i in range(n)])


def main():
    ensemble = Ensemble(3, seed=0)
    x = jnp.ones((5, 4))

    def mc_pass(carry, t):
        preds = jnp.stack([m(x) for m in ensemble.members])
        return carry, preds

    _, samples = jax.lax.scan(mc_pass, None, jnp.arange(N_PASSES))
    print(samples.std(axis=0).mean())
    return samples
