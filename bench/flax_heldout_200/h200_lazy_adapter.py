# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Router.adapters[name] lazily calls module.init on first use, which happens inside the scan body, and caches the variables
"""Support-ticket routing with per-queue residual adapters that are initialised on first use."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ResidualAdapter(nn.Module):
    rank: int = 4

    @nn.compact
    def __call__(self, h):
        down = nn.Dense(self.rank, use_bias=False, name="down")(h)
        up = nn.Dense(h.shape[-1], use_bias=False, kernel_init=nn.initializers.zeros, name="up")(down)
        return h + up


class LazyAdapter:
    """Builds its variables the first time it sees an input, as the serving stack does for new queues."""

    def __init__(self, module: nn.Module, seed: int):
        self.module = module
        self.seed = seed
        self.variables = None

    def __call__(self, h):
        if self.variables is None:
            self.variables = self.module.init(jax.random.key(self.seed), h)
        return self.module.apply(self.variables, h)

    def export(self):
        return jax.tree.map(lambda leaf: jnp.asarray(leaf).sum(), self.variables)


class Router:
    def __init__(self, queues):
        self.adapters = {name: LazyAdapter(ResidualAdapter(), seed) for seed, name in enumerate(queues)}
        self.readout = jax.random.normal(jax.random.key(99), (32, len(queues)))

    def route_stream(self, queue: str, embeddings):
        def route(count, h):
            h = self.adapters[queue](h)
            choice = jnp.argmax(h @ self.readout, axis=-1)
            return count + jnp.bincount(choice, length=self.readout.shape[1]), choice

        init = jnp.zeros((self.readout.shape[1],), jnp.int32)
        counts, _ = lax.scan(route, init, embeddings)
        return counts


def main():
    router = Router(["billing", "outage", "shipping"])
    embeddings = jax.random.normal(jax.random.key(3), (5, 4, 32))
    counts = router.route_stream("outage", embeddings)
    snapshot = router.adapters["outage"].export()
    print("routed", counts, jax.tree.map(float, snapshot))
    return None
