# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the TideService picks a session from its pool; the scan body hands the carried state to session.load_state() and calls session.get_model(), which merges and caches an NNX model on the session; the cached model is used again after the loop
"""Salt-marsh tide gauges: a forecasting service holds a pool of model sessions (one per
estuary) and rolls the water-level model forward tide by tide. Sessions cache their
merged NNX model so the health check after the forecast is cheap."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class TideModel(nnx.Module):
    def __init__(self, n_gauges: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_gauges, n_gauges, rngs=rngs)
        self.level = nnx.Linear(n_gauges, n_gauges, rngs=rngs)

    def __call__(self, levels):
        return levels + 0.1 * self.level(nnx.tanh(self.mix(levels)))


class TideSession:
    def __init__(self, estuary, graphdef, state):
        self.estuary = estuary
        self.graphdef = graphdef
        self.state = state
        self._model = None

    def load_state(self, state):
        self.state = state
        self._model = None

    def get_model(self):
        if self._model is None:
            self._model = nnx.merge(self.graphdef, self.state)
        return self._model


class TideService:
    def __init__(self, model, estuaries):
        graphdef, state = nnx.split(model)
        self.pool = {name: TideSession(name, graphdef, state) for name in estuaries}

    def forecast(self, estuary, levels, n_tides):
        session = self.pool[estuary]

        def tide(carry, _):
            state, levels = carry
            session.load_state(state)
            levels = session.get_model()(levels)
            return (nnx.state(session.get_model()), levels), levels

        (_, _), path = lax.scan(tide, (session.state, levels), None, length=n_tides)
        return path

    def health_check(self, probe):
        return {name: jnp.isfinite(s.get_model()(probe)).all() for name, s in self.pool.items()}


def main():
    model = TideModel(4, nnx.Rngs(0))
    service = TideService(model, ["Blackwater", "Colne", "Crouch"])
    levels = jnp.array([1.2, 0.9, 1.4, 1.1])  # metres above chart datum
    service.forecast("Colne", levels, n_tides=6)
    service.health_check(levels)
    return None
