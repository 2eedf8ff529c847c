# label: ok
# flax-error: none
# class: 3 MC dropout: the raw lax.fori_loop body builds a fresh nnx.Rngs from fold_in(key, step) and hands it to a Dropout that has no Rngs of its own
import jax
import jax.numpy as jnp
from flax import nnx


class UncertainHead(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(6, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.out(self.drop(nnx.relu(self.hidden(x)), rngs=rngs))


def mc_predict(model, x, key, n):
    def body(i, preds):
        step_rngs = nnx.Rngs(dropout=jax.random.fold_in(key, i))
        return preds.at[i].set(model(x, rngs=step_rngs)[..., 0])

    return jax.lax.fori_loop(0, n, body, jnp.zeros((n, x.shape[0])))


def main():
    model = UncertainHead(nnx.Rngs(0))
    x = jnp.ones((5, 6))
    return mc_predict(model, x, jax.random.PRNGKey(3), 8)
