# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 HeadFactory.get builds and caches the fatigue head lazily on its first call, which happens inside the scan body
"""Tidal turbine blade-strain monitoring: a shared backbone with task heads handed out by a factory."""
import jax
import jax.numpy as jnp
from flax import nnx


class StrainBackbone(nnx.Module):
    def __init__(self, din, width, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, width, rngs=rngs)
        self.norm = nnx.LayerNorm(width, rngs=rngs)

    def __call__(self, window):
        return nnx.gelu(self.norm(self.proj(window)))


class HeadFactory:
    """Creates task heads on demand and caches them by name."""

    def __init__(self, width, seed=1):
        self.width = width
        self.seed = seed
        self.cache = {}

    def get(self, name, n_out):
        if name not in self.cache:
            self.cache[name] = nnx.Linear(self.width, n_out, rngs=nnx.Rngs(self.seed))
        return self.cache[name]


class BladeMonitor:
    def __init__(self, backbone, factory):
        self.backbone = backbone
        self.factory = factory

    def fatigue_index(self, windows):
        def body(total, window):
            head = self.factory.get("fatigue", 2)
            return total + nnx.softplus(head(self.backbone(window))).sum(), None

        total, _ = jax.lax.scan(body, 0.0, windows)
        return total

    def classify(self, window):
        return self.factory.get("fatigue", 2)(self.backbone(window)).argmax(-1)


def main():
    windows = jax.random.normal(jax.random.key(16), (6, 4, 5))
    monitor = BladeMonitor(StrainBackbone(5, 8, nnx.Rngs(0)), HeadFactory(8))
    print(float(monitor.fatigue_index(windows)))
    print(monitor.classify(windows[0]))
    return None
