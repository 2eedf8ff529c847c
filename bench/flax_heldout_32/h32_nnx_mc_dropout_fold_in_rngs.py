# label: ok
# flax-error: none
# class: 3 the scan body calls predict, which builds a fresh nnx.Rngs from the key folded with the sample index and passes it to the model's nnx.Dropout
import jax
import jax.numpy as jnp
import flax.nnx as nnx

DIN, N_SAMPLES = 4, 5


class BayesMLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(DIN, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.5)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        h = self.drop(nnx.relu(self.l1(x)), deterministic=False, rngs=rngs)
        return self.l2(h)[..., 0]


def predict(model, x, key):
    return model(x, rngs=nnx.Rngs(dropout=key))


def mc_dropout(model, x, seed=0, n=N_SAMPLES):
    base = jax.random.key(seed)

    def body(carry, i):
        return carry, predict(model, x, jax.random.fold_in(base, i))

    _, preds = jax.lax.scan(body, None, jnp.arange(n))
    return preds


def main():
    model = BayesMLP(nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (3, DIN))
    preds = mc_dropout(model, x)
    return preds
