# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 CrowdForecaster.head, an nnx.Linear built lazily by a helper called from the while_loop body, is kept on the forecaster and used after the loop
"""Subway platform crowding forecaster with a lazily built output head.

The number of platform sensors differs per station, so the head is created on the
first window the forecaster sees.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class CrowdForecaster:
    def __init__(self, seed: int = 0, alarm_level: float = 50.0):
        self.seed = seed
        self.alarm_level = alarm_level
        self.head = None

    def _get_head(self, window):
        if self.head is None:
            self.head = nnx.Linear(window.shape[-1], 1, rngs=nnx.Rngs(self.seed))
        return self.head

    def replay_until_alarm(self, windows):
        def cond(state):
            index, crowd = state
            return (index < windows.shape[0]) & (crowd < self.alarm_level)

        def body(state):
            index, crowd = state
            window = windows[index]
            arrivals = nnx.softplus(self._get_head(window)(window))[0]
            return index + 1, 0.9 * crowd + arrivals

        return while_loop(cond, body, (0, jnp.zeros(())))

    def next_arrivals(self, window):
        return nnx.softplus(self.head(window))[0]


def main():
    windows = jax.random.uniform(jax.random.key(0), (40, 6), maxval=10.0)
    forecaster = CrowdForecaster()
    index, crowd = forecaster.replay_until_alarm(windows)
    print("alarm after", int(index), "crowd", float(crowd))
    print("next", float(forecaster.next_arrivals(windows[-1])))
    return None
