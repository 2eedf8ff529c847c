# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body merges the carried state and stores the merged model's state in the service's state cache, which updates the model after the scan
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax import lax


class SkuDemandNet(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_features, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.embed(x)))))


class ForecastService:
    def __init__(self, model: SkuDemandNet):
        self.model = model
        self._graphdef = nnx.graphdef(model)
        self._state_cache = {}

    def _window(self, state, window):
        model = nnx.merge(self._graphdef, state)
        preds = model(window)
        self._state_cache["latest"] = nnx.state(model)
        return state, preds

    def recalibrate(self, windows):
        self.model.train()
        _, preds = lax.scan(self._window, nnx.state(self.model), windows)
        nnx.update(self.model, self._state_cache["latest"])
        return preds

    def serve(self, features):
        self.model.eval()
        return self.model(features)


def main():
    service = ForecastService(SkuDemandNet(5, nnx.Rngs(0)))
    windows = jax.random.uniform(jax.random.key(1), (4, 12, 5), maxval=3.0)
    preds = service.recalibrate(windows)
    jax.block_until_ready((preds, service.serve(windows[0])))
