# label: same-values
# flax-error: none
# class: 2 `model` and `key`, locals of `mc_predict`, go straight into the scan body, which builds `nnx.Rngs(dropout=key)` for the call-time dropout rngs at every pass
"""MC-dropout regression uncertainty with dropout rngs passed at call time."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Regressor(nnx.Module):
    def __init__(self, din: int, hidden: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.25)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x, *, rngs: nnx.Rngs | None = None):
        h = self.dropout(nnx.relu(self.l1(x)), rngs=rngs)
        h = self.dropout(nnx.relu(self.l2(h)), rngs=rngs)
        return self.out(h)


def mc_predict(model, x, key, passes=8):
    def one_pass(_, __):
        return None, model(x, rngs=nnx.Rngs(dropout=key))

    _, preds = scan(one_pass, None, None, length=passes)
    return preds


def main():
    model = Regressor(3, 16, rngs=nnx.Rngs(0))
    x = jnp.array([[0.1, -0.4, 0.7], [1.0, 0.0, -1.0]])
    preds = mc_predict(model, x, jax.random.key(8))
    return preds
