# label: ok
# flax-error: none
# class: 4 the scan body calls ensemble.members[i] with an Rngs built from a key folded with the pass index and member index
"""Monte-Carlo dropout ensemble, twin of h107_nnx_mc_dropout_ensemble: each member is called
with a fresh nnx.Rngs made inside the body from fold_in(key, pass, member), so the Rngs
stored in the members are never advanced inside the loop."""
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
    key = jax.random.key(123)

    def mc_pass(carry, t):
        k = jax.random.fold_in(key, t)
        preds = jnp.stack([
            m(x, rngs=nnx.Rngs(dropout=jax.random.fold_in(k, i)))
            for i, m in enumerate(ensemble.members)
        ])
        return carry, preds

    _, samples = jax.lax.scan(mc_pass, None, jnp.arange(N_PASSES))
    print(samples.std(axis=0).mean())
    return samples
