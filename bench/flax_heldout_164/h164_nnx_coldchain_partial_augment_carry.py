# label: ok
# flax-error: none
# class: 5 build_augmenter() returns a jax.checkpoint forward taking and returning the augmenter state, carried through the while_loop
"""Cold-chain logistics: synthesise perturbed temperature traces to stress-test alerting.

The augmenter is split once and wrapped by a factory (rematerialised, taking its state
and handing back the advanced one) so a job can call it like a plain function; the stress
test fills a buffer of synthetic traces with jax.lax.while_loop.
"""

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ExcursionAugmenter(nnx.Module):
    def __init__(self, n_readings: int, rngs: nnx.Rngs):
        self.smooth = nnx.Linear(n_readings, n_readings, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, readings):
        return readings + self.drop(self.smooth(readings))


def build_augmenter(model: ExcursionAugmenter):
    graphdef, state = nnx.split(model)

    @jax.checkpoint
    def forward(state, readings):
        augmenter = nnx.merge(graphdef, state)
        return augmenter(readings), nnx.state(augmenter)

    return forward, state


class AlertStressTest:
    def __init__(self, augmenter, n_traces: int):
        self.augmenter, self.state = augmenter
        self.n_traces = n_traces

    def synthesise(self, readings):
        def pending(carry):
            return carry[0] < self.n_traces

        def one_trace(carry):
            i, state, traces = carry
            trace, state = self.augmenter(state, readings)
            return i + 1, state, traces.at[i].set(trace)

        init = (0, self.state, jnp.zeros((self.n_traces,) + readings.shape))
        _, self.state, traces = jax.lax.while_loop(pending, one_trace, init)
        return traces


def main():
    model = ExcursionAugmenter(24, nnx.Rngs(params=0, dropout=5))
    readings = 4.0 + jax.random.normal(jax.random.key(30), (24,))
    test = AlertStressTest(build_augmenter(model), n_traces=8)
    traces = test.synthesise(readings)
    print("alerts", jnp.sum(traces.max(axis=1) > 8.0))
    return traces
