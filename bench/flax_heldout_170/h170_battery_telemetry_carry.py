# label: ok
# flax-error: none
# class: 2 local params and batch_stats in track_discharge; the while_loop body runs model.apply(mutable=["batch_stats"]) and carries the statistics out of the loop
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
    params = variables["params"]

    def keep_going(state):
        i, dod, _, _ = state
        return (i < passes.shape[0]) & (dod < limit)

    def eclipse_pass(state):
        i, dod, history, stats = state
        estimate, updates = model.apply({"params": params, "batch_stats": stats}, passes[i], mutable=["batch_stats"])
        dod = 0.5 * dod + estimate
        return i + 1, dod, history.at[i].set(dod), updates["batch_stats"]

    init = (0, jnp.zeros(()), jnp.zeros(passes.shape[0]), variables["batch_stats"])
    n, dod, history, stats = jax.lax.while_loop(keep_going, eclipse_pass, init)
    calibration = jax.tree.map(lambda s: float(jnp.abs(s).max()), stats)
    return history, calibration


def main():
    model = CellStateEstimator()
    passes = jax.random.normal(jax.random.key(0), (10, 6, 3))  # passes x cell strings x channels
    variables = model.init(jax.random.key(1), passes[0])
    history, calibration = track_discharge(model, variables, passes)
    assert history.shape == (10,)
    return None
