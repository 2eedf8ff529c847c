# label: ok
# flax-error: none
# class: 2 simulate_arrivals splits the key drawn from the nnx.Rngs 'delays' stream into one key per day and scans over them
"""Ferry terminal berth allocation: simulate each day's arrival delays of the scheduled ferries
on top of the model's baseline lateness, to size the berth buffer."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class LatenessModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.head = nnx.Linear(n_features, 1, rngs=rngs)

    def __call__(self, sailings):
        return 3.0 * nnx.softplus(self.head(sailings))[..., 0]  # minutes


def simulate_arrivals(model, rngs: nnx.Rngs, sailings, n_days: int):
    baseline = model(sailings)
    day_keys = jax.random.split(rngs.delays(), n_days)

    def body(worst, delay_key):
        weather = jax.random.exponential(delay_key, baseline.shape) * 4.0
        arrival = baseline + weather
        return jnp.maximum(worst, arrival.max()), arrival

    worst, arrivals = scan(body, jnp.float32(0.0), day_keys)
    return arrivals


def main():
    # crossing length, vessel age, wind exposure, peak flag
    sailings = jax.random.uniform(jax.random.PRNGKey(0), (6, 4))
    rngs = nnx.Rngs(params=0, delays=5)
    model = LatenessModel(4, rngs)
    return simulate_arrivals(model, rngs, sailings, n_days=8)
