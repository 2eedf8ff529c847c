# label: ok
# flax-error: none
# class: 1 AttitudeEstimator.settle runs the jax.lax.while_loop itself; it splits one key from self.rngs.process before the loop and the body indexes the keys
"""Attitude error settling for a small Earth-observation satellite.

After a slew, the on-board estimator iterates a learned correction on the quaternion error
vector with a little process noise, until the error is below tolerance or the iteration budget
is spent; the trace is downlinked for the attitude-control team.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class FilterConfig:
    max_iters: int = 10
    tol: float = 1e-6
    process_noise: float = 0.02
    step: float = 0.3


class AttitudeEstimator(nnx.Module):
    def __init__(self, config: FilterConfig, rngs: nnx.Rngs):
        self.config = config
        self.gain = nnx.Linear(3, 3, rngs=rngs)
        self.rngs = rngs  # the 'process' stream feeds process noise

    def settle(self, error):
        cfg = self.config
        noise_keys = jax.random.split(self.rngs.process(), cfg.max_iters)

        def unsettled(state):
            i, err, _ = state
            return (i < cfg.max_iters) & (jnp.linalg.norm(err) > cfg.tol)

        def correct(state):
            i, err, trace = state
            noise = cfg.process_noise * jax.random.normal(noise_keys[i], err.shape)
            err = err - cfg.step * jnp.tanh(self.gain(err)) + noise
            return i + 1, err, trace.at[i].set(err)

        trace0 = jnp.zeros((cfg.max_iters, 3))
        _, _, trace = jax.lax.while_loop(unsettled, correct, (jnp.int32(0), error, trace0))
        return trace


def main():
    estimator = AttitudeEstimator(FilterConfig(), nnx.Rngs(params=0, process=1))
    return estimator.settle(jnp.array([0.12, -0.05, 0.08]))
