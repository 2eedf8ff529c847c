# label: ok
# flax-error: none
# class: 4 the fori_loop body reaches the dropout layers through estimator.model and folds the pass index into estimator.key on every step
"""Monte-Carlo dropout uncertainty for an NNX regressor.  The Dropout layers get
their key at call time; an Estimator object collects T stochastic forward
passes with lax.fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 64, rngs=rngs)
        self.drop1 = nnx.Dropout(0.2)
        self.l2 = nnx.Linear(64, 64, rngs=rngs)
        self.drop2 = nnx.Dropout(0.2)
        self.head = nnx.Linear(64, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        x = self.drop1(nnx.relu(self.l1(x)), rngs=rngs)
        x = self.drop2(nnx.relu(self.l2(x)), rngs=rngs)
        return self.head(x)


class Estimator:
    def __init__(self, model, key, passes=8):
        self.model = model
        self.key = key
        self.passes = passes

    def predict(self, x):
        def one_pass(i, preds):
            out = self.model(x, rngs=nnx.Rngs(dropout=jax.random.fold_in(self.key, i)))
            return preds.at[i].set(out[:, 0])

        preds = jax.lax.fori_loop(0, self.passes, one_pass, jnp.zeros((self.passes, x.shape[0])))
        return preds


def main():
    model = Regressor(nnx.Rngs(0))
    est = Estimator(model, jax.random.key(3))
    x = jnp.linspace(-1.0, 1.0, 7)[:, None]
    preds = est.predict(x)
    mean, std = preds.mean(0), preds.std(0)
    return preds
