# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a PureAdapter wraps the NNX moisture model into a jax.checkpoint-ed pure function called in the scan body; the adapter caches the module it merges there and serves later requests from that cache
"""Paper mill: predicts sheet moisture across the dryer section for every reel position.

The adapter turns an NNX module into a pure (state, x) -> y function so the mill's JAX
pipeline can rematerialise it; it also keeps the last merged module for quick single queries.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class DryerModel(nnx.Module):
    def __init__(self, cylinders: int, rngs: nnx.Rngs):
        self.heat = nnx.Linear(cylinders, 16, rngs=rngs)
        self.moisture = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, steam):
        return nnx.sigmoid(self.moisture(nnx.gelu(self.heat(steam))))[..., 0]


class PureAdapter:
    def __init__(self, module: nnx.Module):
        self.graphdef, self.state = nnx.split(module)
        self._live = None
        self.fn = jax.checkpoint(self._apply)

    def _apply(self, state, x):
        module = nnx.merge(self.graphdef, state)
        self._live = module
        return module(x)

    def query(self, x):
        module = self._live if self._live is not None else nnx.merge(self.graphdef, self.state)
        return module(x)


class ReelProfiler:
    def __init__(self, adapter: PureAdapter):
        self.adapter = adapter

    def profile(self, steam_by_position):
        def position(total, steam):
            moisture = self.adapter.fn(self.adapter.state, steam)
            return total + moisture, moisture

        return jax.lax.scan(position, jnp.zeros(()), steam_by_position)


def main():
    adapter = PureAdapter(DryerModel(9, rngs=nnx.Rngs(0)))
    steam = jax.random.uniform(jax.random.key(3), (40, 9), minval=0.5, maxval=1.5)
    total, _ = ReelProfiler(adapter).profile(steam)
    spot_check = adapter.query(jnp.ones(9))
    jax.block_until_ready((total, spot_check))
    return None
