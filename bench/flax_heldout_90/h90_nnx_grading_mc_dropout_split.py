# label: ok
# flax-error: none
# class: 4 mc_sampler() splits one key from the ensemble's nnx.Rngs "dropout" stream into per-sample keys and returns a step that scans over them
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Grader(nnx.Module):
    def __init__(self, d_in, *, rngs):
        self.enc = nnx.Linear(d_in, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, key=None):
        return self.out(self.drop(nnx.relu(self.enc(x)), rngs=key))[..., 0]


class GraderEnsemble(nnx.Module):
    def __init__(self, d_in, n_members, *, rngs):
        self.members = nnx.List([Grader(d_in, rngs=rngs) for _ in range(n_members)])
        self.rngs = rngs

    def __call__(self, x, key=None):
        keys = [None] * len(self.members) if key is None else list(jax.random.split(key, len(self.members)))
        return jnp.mean(jnp.stack([m(x, k) for m, k in zip(self.members, keys)]), axis=0)


def mc_sampler(ensemble, n_samples):
    keys = jax.random.split(ensemble.rngs.dropout(), n_samples)

    def sample(essays):
        def body(carry, key):
            return carry, ensemble(essays, key)

        _, scores = lax.scan(body, None, keys)
        return scores

    return sample


def main():
    ensemble = GraderEnsemble(20, 3, rngs=nnx.Rngs(params=0, dropout=1))
    ensemble.train()
    sample = mc_sampler(ensemble, n_samples=5)
    return sample(jnp.ones((4, 20)))
