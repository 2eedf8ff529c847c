# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 simulate_panel's local nnx.Rngs is called as rngs.taster() inside the scan body, once per simulated taster
"""Wine quality grader: simulated tasting panel.

The grader scores each wine from its lab analysis; a tasting panel is simulated by adding a
per-taster bias and noise, so the cellar can see how stable the grade is across a panel of
tasters. The per-taster scores are returned, one row per taster.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Grader(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_features, 16, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return 5.0 + 2.0 * jnp.tanh(self.score(nnx.relu(self.body(x))))[..., 0]


def simulate_panel(grader: Grader, wines, n_tasters: int, seed: int):
    rngs = nnx.Rngs(taster=seed)
    consensus = grader(wines)

    def body(carry, _):
        key = rngs.taster()
        bias_key, noise_key = jax.random.split(key)
        bias = 0.4 * jax.random.normal(bias_key, ())
        scores = jnp.clip(consensus + bias + 0.3 * jax.random.normal(noise_key, consensus.shape), 0.0, 10.0)
        return carry, scores

    _, panel = jax.lax.scan(body, None, None, length=n_tasters)
    return panel


def main():
    grader = Grader(11, nnx.Rngs(0))
    wines = jax.random.normal(jax.random.key(5), (4, 11))  # acidity, sugar, sulphates, alcohol, ...
    panel = simulate_panel(grader, wines, n_tasters=6, seed=12)
    print("grade spread", jnp.std(panel, axis=0))
    return panel
