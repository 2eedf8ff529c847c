# label: ok
# flax-error: none
# class: 5 a factory returns the window step function; it closes over the model and the params, and the batch_stats travel in the fori_loop carry and are stored on the refresher after the loop
"""Battery state-of-charge estimator for a fleet telemetry service: the normalisation
statistics are refreshed on every fresh window of cell voltages before the nightly export."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

CELLS = 12


class SocEstimator(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(32)(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        h = nn.swish(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


def make_window_step(model, params, windows):
    def step(i, carry):
        batch_stats, total = carry
        window = windows[i]
        soc, updates = model.apply(
            {"params": params, "batch_stats": batch_stats},
            window, train=True, mutable=["batch_stats"])
        return updates["batch_stats"], total + jnp.mean(soc)
    return step


class StatsRefresher:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stats_box = {"batch_stats": variables["batch_stats"]}

    def refresh(self, windows):
        step = make_window_step(self.model, self.params, windows)
        init = (self.stats_box["batch_stats"], jnp.zeros(()))
        batch_stats, total = lax.fori_loop(0, windows.shape[0], step, init)
        self.stats_box["batch_stats"] = batch_stats
        return total / windows.shape[0]

    def export(self, probe):
        variables = {"params": self.params, "batch_stats": self.stats_box["batch_stats"]}
        return self.model.apply(variables, probe, train=False)


def main():
    model = SocEstimator()
    windows = 3.6 + 0.2 * jax.random.normal(jax.random.PRNGKey(0), (6, 16, CELLS))
    variables = model.init(jax.random.PRNGKey(1), windows[0], train=False)
    refresher = StatsRefresher(model, variables)
    refresher.refresh(windows)
    refresher.export(windows[-1])
    return None
