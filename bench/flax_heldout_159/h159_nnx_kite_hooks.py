# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the flight loop merges the carried kite-model state in its scan body and passes the merged model to every callback in its list; one callback keeps its batch-stat state
"""Kite aerodynamics: tether tension model updated gust by gust, with callbacks observing each step."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class TensionModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lift = nnx.Linear(3, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.8, rngs=rngs)
        self.tension = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, gust):
        return self.tension(nnx.tanh(self.norm(self.lift(gust)))).squeeze(-1)


class Callback:
    def on_step(self, step, model, tension):
        pass

    def on_end(self):
        return {}


class NormDriftMonitor(Callback):
    def __init__(self):
        self.snapshots = []

    def on_step(self, step, model, tension):
        self.snapshots.append(nnx.state(model, nnx.BatchStat))

    def on_end(self):
        means = [s["norm"]["mean"][...] for s in self.snapshots]
        return {"drift": float(jnp.abs(means[-1]).mean())}


class PeakTension(Callback):
    def on_step(self, step, model, tension):
        return jnp.max(tension)


class FlightLoop:
    def __init__(self, model, callbacks):
        self.graphdef, self.state = nnx.split(model)
        self.callbacks = list(callbacks)

    def fly(self, gusts):
        def step(state, gust):
            model = nnx.merge(self.graphdef, state)
            tension = model(gust)
            for cb in self.callbacks:
                cb.on_step(0, model, tension)
            return nnx.state(model), tension.mean()

        self.state, tensions = scan(step, self.state, gusts)
        return tensions, [cb.on_end() for cb in self.callbacks]


def main():
    loop = FlightLoop(TensionModel(nnx.Rngs(0)), [PeakTension(), NormDriftMonitor()])
    gusts = jax.random.normal(jax.random.key(17), (6, 4, 3))
    tensions, reports = loop.fly(gusts)
    jax.block_until_ready(tensions)
    return None
