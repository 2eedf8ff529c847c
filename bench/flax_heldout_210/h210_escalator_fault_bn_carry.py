# label: ok
# flax-error: none
# class: 2 the local params of run_fault_scan go straight into the while_loop body; the batch stats travel in the loop state through model.apply(..., mutable=["batch_stats"])
"""Escalator fault detection: score vibration windows until one trips the alarm threshold."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class VibrationScorer(nn.Module):
    @nn.compact
    def __call__(self, window):
        h = nn.Conv(8, kernel_size=(3,))(window[..., None])
        h = nn.BatchNorm(use_running_average=False)(h)
        h = jnp.mean(nn.relu(h), axis=-2)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


def run_fault_scan(model, key, windows, threshold=0.99):
    variables = model.init(key, windows[0])
    params = variables["params"]
    apply = model.apply

    def keep_going(state):
        i, worst, _ = state
        return (i < windows.shape[0]) & (worst < threshold)

    def check_window(state):
        i, worst, stats = state
        scores, updates = apply({"params": params, "batch_stats": stats}, windows[i], mutable=["batch_stats"])
        return i + 1, jnp.maximum(worst, scores.max()), updates["batch_stats"]

    return while_loop(keep_going, check_window, (0, jnp.zeros(()), variables["batch_stats"]))


def main():
    windows = jax.random.normal(jax.random.key(2), (9, 4, 32))  # windows x escalators x samples
    run_fault_scan(VibrationScorer(), jax.random.key(3), windows)
    return None
