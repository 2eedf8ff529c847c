# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 model argument of mc_predict; Dropout with stored Rngs in train mode inside the raw scan body
"""MC-dropout classifier (NNX): Dropout built with its own Rngs, T stochastic passes in a raw scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLPClassifier(nnx.Module):
    def __init__(self, d_in, n_cls, rate, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(d_in, 64, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.l2 = nnx.Linear(64, n_cls, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def mc_predict(model, x, T=8):
    model.train()  # keep dropout on at test time

    def one(carry, _):
        return carry, jax.nn.softmax(model(x))

    _, probs = jax.lax.scan(one, None, None, length=T)
    mean = probs.mean(0)
    entropy = -(mean * jnp.log(mean + 1e-9)).sum(-1)
    return mean, entropy


def expected_calibration_error(probs, labels, n_bins=5):
    conf, pred = probs.max(-1), probs.argmax(-1)
    bins = jnp.clip((conf * n_bins).astype(jnp.int32), 0, n_bins - 1)
    correct = (pred == labels).astype(jnp.float32)
    err = jnp.zeros(n_bins).at[bins].add(conf - correct)
    return jnp.abs(err).sum() / labels.shape[0]


def main():
    model = MLPClassifier(5, 3, 0.2, nnx.Rngs(params=0, dropout=1))
    x = jnp.ones((4, 5))
    mean, ent = mc_predict(model, x)
    ece = expected_calibration_error(mean, jnp.zeros(4, jnp.int32))
    return None
