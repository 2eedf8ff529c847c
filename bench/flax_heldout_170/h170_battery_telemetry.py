# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 local bound = model.bind(variables, mutable=["batch_stats"]) in track_discharge goes straight into the while_loop body; its BatchNorm statistics are read after the loop
"""Satellite battery telemetry: tracks depth of discharge over eclipse passes until a limit."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CellStateEstimator(nn.Module):
    @nn.compact
    def __call__(self, telemetry):
        h = nn.Dense(8)(telemetry)  # voltage, current, temperature per cell string
        h = nn.BatchNorm(use_running_average=False, momentum=0.8)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0].mean()  # depth of discharge


def track_discharge(model, variables, passes, limit=0.8):
    bound = model.bind(variables, mutable=["batch_stats"])

    def keep_going(state):
        i, dod, _ = state
        return (i < passes.shape[0]) & (dod < limit)

    def eclipse_pass(state):
        i, dod, history = state
        dod = 0.5 * dod + bound(passes[i])
        return i + 1, dod, history.at[i].set(dod)

    n, dod, history = jax.lax.while_loop(keep_going, eclipse_pass, (0, jnp.zeros(()), jnp.zeros(passes.shape[0])))
    calibration = jax.tree.map(lambda s: float(jnp.abs(s).max()), bound.variables["batch_stats"])
    return history, calibration


def main():
    model = CellStateEstimator()
    passes = jax.random.normal(jax.random.key(0), (10, 6, 3))  # passes x cell strings x channels
    variables = model.init(jax.random.key(1), passes[0])
    history, calibration = track_discharge(model, variables, passes)
    assert history.shape == (10,)
    return None
