# label: same-values
# flax-error: none
# class: 3 one key drawn from the wrapper's nnx.Rngs 'dropout' stream before the scan is passed to every stochastic pass via UncertaintyWrapper.sample
"""Model wrapper that adds MC-dropout uncertainty to an NNX regressor: the wrapper owns an
nnx.Rngs for the stochastic passes and scans T forward passes with dropout active, returning the
per-pass predictions so that the caller can compute mean and variance."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Regressor(nnx.Module):
    def __init__(self, d_in, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(d_in, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None, deterministic=True):
        h = self.drop(nnx.relu(self.l1(x)), deterministic=deterministic, rngs=rngs)
        return self.l2(h)[..., 0]


class UncertaintyWrapper(nnx.Module):
    def __init__(self, model, n_passes, seed):
        self.model = model
        self.n_passes = n_passes
        self.rngs = nnx.Rngs(dropout=seed)

    def sample(self, x):
        key = self.rngs.dropout()

        def one_pass(carry, _):
            return carry, self.model(x, rngs=key, deterministic=False)

        _, preds = lax.scan(one_pass, None, None, length=self.n_passes)
        return preds


def main():
    x = jax.random.normal(jax.random.key(0), (6, 5))
    wrapper = UncertaintyWrapper(Regressor(5, nnx.Rngs(0)), n_passes=5, seed=3)
    return wrapper.sample(x)
