# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local model of main(), left in training mode, is called inside the while_loop body and its BatchNorm updates its batch statistics there
"""Cold-chain logistics: scan a reefer container's log for temperature excursions.

The excursion scorer is restored from training and run over the log until an
excursion is found or the log ends.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ExcursionScorer(nnx.Module):
    def __init__(self, n_probes: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_probes, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.proj(readings)))))[:, 0]


def load_log(n_windows: int, n_probes: int):
    base = 4.0 + 0.5 * jax.random.normal(jax.random.key(0), (n_windows, 3, n_probes))
    return base.at[n_windows - 3].add(6.0)


def main():
    log = load_log(n_windows=20, n_probes=5)
    model = ExcursionScorer(5, nnx.Rngs(0))

    def keep_going(state):
        window, worst = state
        return (window < log.shape[0]) & (worst < 0.99)

    def inspect(state):
        window, worst = state
        score = model(log[window])
        return window + 1, jnp.maximum(worst, score.max())

    window, worst = lax.while_loop(keep_going, inspect, (0, jnp.zeros(())))
    print("stopped at window", int(window), "worst score", float(worst))
    return None
