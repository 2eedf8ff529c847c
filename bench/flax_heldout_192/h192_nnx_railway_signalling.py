# label: same-values
# flax-error: none
# class: 2 a local key drawn once from the nnx.Rngs "jitter" stream goes straight into the while_loop body, which samples latency jitter from it
"""Railway signalling: Monte-Carlo interlocking latency for one block section, with a learned nominal latency."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class LatencyModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.fc = nnx.Linear(n_features, 1, rngs=rngs)

    def __call__(self, block):
        return 0.2 + nnx.softplus(self.fc(block))[..., 0]


def main():
    rngs = nnx.Rngs(params=0, jitter=1)
    model = LatencyModel(6, rngs=rngs)
    model.eval()
    block = jax.random.normal(jax.random.key(2), (3, 6))
    n_trials = 8
    key = rngs.jitter()

    def cond(state):
        i, _ = state
        return i < n_trials

    def body(state):
        i, samples = state
        nominal = model(block)
        jitter = jax.random.exponential(key, nominal.shape) * 0.05
        return i + 1, samples.at[i].set(nominal + jitter)

    _, samples = lax.while_loop(cond, body, (0, jnp.zeros((n_trials, 3))))
    return samples
