# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body runs the simulator's hook list; an EtaLogger hook appends the model's ETA to the rows of a shared recorder
"""Ambulance dispatch: simulates response ETAs across a shift with pluggable hooks."""
import jax
import jax.numpy as jnp
from flax import nnx


class EtaModel(nnx.Module):
    def __init__(self, n_units: int, rngs: nnx.Rngs):
        self.traffic = nnx.Linear(n_units, 16, rngs=rngs)
        self.eta = nnx.Linear(16, n_units, rngs=rngs)

    def __call__(self, congestion):
        return nnx.softplus(self.eta(nnx.relu(self.traffic(congestion))))


class Recorder:
    def __init__(self):
        self.rows = []


class EtaLogger:
    def __init__(self, recorder: Recorder):
        self.recorder = recorder

    def on_step(self, t, eta):
        self.recorder.rows.append(eta)


class BreachCounter:
    def __init__(self, limit: float):
        self.limit = limit

    def on_step(self, t, eta):
        pass  # alerts go to the pager in production


class DispatchSimulator:
    def __init__(self, model: EtaModel, hooks):
        self.model = model
        self.hooks = list(hooks)

    def shift(self, congestion):
        def quarter_hour(load, c):
            eta = self.model(c + load)
            for hook in self.hooks:
                hook.on_step(load, eta)
            return 0.9 * load + 0.1 * eta.mean(), eta.min()

        return jax.lax.scan(quarter_hour, jnp.array(0.0), congestion)


def main():
    recorder = Recorder()
    model = EtaModel(5, nnx.Rngs(0))
    sim = DispatchSimulator(model, [EtaLogger(recorder), BreachCounter(limit=8.0)])
    congestion = jax.random.uniform(jax.random.key(1), (16, 5))
    sim.shift(congestion)
    table = jnp.stack(recorder.rows)
    table.block_until_ready()
    return None


if __name__ == "__main__":
    main()
