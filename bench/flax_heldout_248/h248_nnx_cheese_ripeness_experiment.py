# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the experiment's callbacks run inside the scan body; the evaluation callback hands its model attribute to an nnx.jit-compiled predict function
"""Ripeness experiment for cheese aging cellars, with evaluation and logging callbacks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan as lax_scan


class RipenessNet(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 4, rngs=rngs)
        self.score = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.score(nnx.tanh(self.body(x)))).squeeze(-1)


@nnx.jit
def predict(model, x):
    return model(x)


class Callback:
    def on_week(self, week, temperature):
        return jnp.zeros(())


class EvalCallback(Callback):
    def __init__(self, model: RipenessNet, probe_wheels):
        self.model = model
        self.probe_wheels = probe_wheels

    def on_week(self, week, temperature):
        return predict(self.model, self.probe_wheels * temperature).mean()


class TemperatureLogger(Callback):
    def on_week(self, week, temperature):
        return temperature.mean()


class AgingExperiment:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    def run(self, temperatures):
        def week(step, temperature):
            values = [callback.on_week(step, temperature) for callback in self.callbacks]
            return step + 1, jnp.stack(values)

        _, history = lax_scan(week, 0, temperatures)
        return history


def main():
    model = RipenessNet(3, rngs=nnx.Rngs(5))
    probes = jnp.array([[0.2, 0.4, 0.1], [0.6, 0.3, 0.5]], dtype=jnp.float32)
    experiment = AgingExperiment([EvalCallback(model, probes), TemperatureLogger()])
    history = experiment.run(jnp.linspace(0.9, 1.1, 6, dtype=jnp.float32)[:, None])
    jax.block_until_ready(history)
    return None
