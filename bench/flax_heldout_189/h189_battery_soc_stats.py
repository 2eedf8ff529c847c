# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory returns the window step function; it closes over the model, the params and the trainer's stats_box dict, and writes the updated batch_stats into that dict from inside the fori_loop body
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


def make_window_step(model, params, stats_box, windows):
    def step(i, total):
        window = windows[i]
        soc, updates = model.apply(
            {"params": params, "batch_stats": stats_box["batch_stats"]},
            window, train=True, mutable=["batch_stats"])
        stats_box["batch_stats"] = updates["batch_stats"]
        return total + jnp.mean(soc)
    return step


class StatsRefresher:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stats_box = {"batch_stats": variables["batch_stats"]}

    def refresh(self, windows):
        step = make_window_step(self.model, self.params, self.stats_box, windows)
        total = lax.fori_loop(0, windows.shape[0], step, jnp.zeros(()))
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
